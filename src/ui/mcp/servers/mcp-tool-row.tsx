import { memo } from 'react';
import type { McpApprovalMode, McpToolSnapshot } from '../../../domain/mcp-server';
import { mcpNeedsApproval, mcpToolEnabled } from '../../../domain/mcp-server';
import { setMcpToolChoice } from '../../data/mcp/mcp-server-mutations';
import { DeferredDetails } from '../../shared/deferred-details';
import { McpToolIcon } from './mcp-tool-icon';
import { McpTryForm } from './mcp-try-form';
import { sameMcpToolRow, type McpToolRowProps } from './mcp-tool-row-props';

const HINTS: Array<[keyof NonNullable<McpToolSnapshot['annotations']>, string]> = [
  ['readOnlyHint', 'read-only'],
  ['destructiveHint', 'destructive'],
  ['idempotentHint', 'idempotent'],
  ['openWorldHint', 'open world'],
];

function annotationText(tool: McpToolSnapshot): string {
  const a = tool.annotations;
  if (a === undefined) return 'no annotations';
  const said = HINTS.filter(([key]) => a[key] !== undefined).map(([key, label]) =>
    a[key] === true ? label : `not ${label}`,
  );
  return said.length > 0 ? said.join(', ') : 'no annotations';
}

/**
 * One MCP tool: the server's name and title, the model-facing name, what the server says of it, and the person's
 * choices. Re-rendered only when what it shows changes (sameMcpToolRow).
 */
export const McpToolRow = memo(function McpToolRow({ server, tool, modelName }: McpToolRowProps) {
  const enabled = mcpToolEnabled(server, tool.name);
  const approval = server.toolChoices[tool.name]?.approval ?? 'auto';
  const asks = mcpNeedsApproval(server, tool);
  return (
    <li className="mcp-tool">
      <div className="field-row">
        <McpToolIcon tool={tool} />
        <strong>{tool.title ?? tool.annotations?.title ?? tool.name}</strong>
        {(tool.title ?? tool.annotations?.title) !== undefined && <code>{tool.name}</code>}
        <span className="hint">
          as <code>{modelName ?? '(not offered)'}</code>
        </span>
        <label className="tools-toggle">
          <input
            type="checkbox"
            checked={enabled}
            aria-label={`Offer ${tool.name} to the model`}
            onChange={() => void setMcpToolChoice(server, tool.name, { enabled: !enabled })}
          />{' '}
          on
        </label>
      </div>
      {tool.description !== undefined && <p className="hint mcp-tool-description">{tool.description}</p>}
      <div className="field-row">
        <span className="hint">{annotationText(tool)}</span>
        <label>
          Approval for {tool.name}{' '}
          <select
            value={approval}
            onChange={(e) => void setMcpToolChoice(server, tool.name, { approval: e.target.value as McpApprovalMode })}
          >
            <option value="auto">As the server ({asks ? 'ask' : 'allow'})</option>
            <option value="ask">Ask every time</option>
            <option value="allow">Run without asking</option>
          </select>
        </label>
      </div>
      <DeferredDetails summary={`Input schema of ${tool.name}`}>
        {() => <pre className="mono">{JSON.stringify(tool.inputSchema, null, 2)}</pre>}
      </DeferredDetails>
      <DeferredDetails summary={`Try ${tool.name}`}>{() => <McpTryForm server={server} tool={tool} />}</DeferredDetails>
    </li>
  );
}, sameMcpToolRow);
