import { useState } from 'react';
import type { McpApprovalMode, McpServerRecord } from '../../../domain/mcp-server';
import { connectMcp, disconnectMcp, reconnectMcp, useMcpStates } from '../../../store/mcp/mcp-face';
import { removeMcpServer, setMcpServerApproval, setMcpServerEnabled } from '../../data/mcp/mcp-server-mutations';
import { McpPromptsSection } from './mcp-prompts-section';
import { McpResourcesSection } from './mcp-resources-section';
import { McpSignInControls } from './mcp-sign-in-controls';
import { mcpStateText } from './mcp-state-text';
import { McpToolRow } from './mcp-tool-row';
import { useBatchedRows } from '../../shared/batched-rows';
import { McpEditServerForm } from './mcp-edit-server-form';
import { useMcpMissingHeaders } from '../../data/mcp/use-mcp-header-status';

/** One MCP server: its state, Reconnect / Disable / Remove, its approval default, and its tools. */
export function McpServerDetail({
  server,
  modelNames,
  onRemoved,
}: {
  server: McpServerRecord;
  modelNames: ReadonlyMap<string, string>;
  onRemoved: () => void;
}) {
  const state = useMcpStates((s) => s.states[server.id]) ?? { status: 'idle' as const };
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const missing = useMcpMissingHeaders(server) ?? [];
  const tools = server.cache?.tools ?? [];
  const shownTools = useBatchedRows(server.id, tools.length);
  const label = server.name || server.url;

  async function toggleEnabled() {
    const enabled = !server.enabled;
    await setMcpServerEnabled(server.id, enabled);
    if (enabled) void connectMcp({ ...server, enabled });
    else await disconnectMcp(server.id);
  }

  async function remove() {
    await disconnectMcp(server.id);
    await removeMcpServer(server.id);
    onRemoved();
  }

  return (
    <section className="tool-editor mcp-server" aria-label={`MCP server ${label}`}>
      <h3>{label}</h3>
      <p className="hint">{server.url}</p>
      <p role="status" className="mcp-state" data-state={server.enabled ? state.status : 'disabled'}>
        {mcpStateText(state, server)}
      </p>
      <McpSignInControls server={server} />
      {missing.length > 0 && (
        <p role="status" className="warning">
          Needs its headers: {missing.join(', ')}. Enter their values with “Edit server”.
        </p>
      )}
      {editing && <McpEditServerForm server={server} missing={missing} onDone={() => setEditing(false)} />}
      <div className="field-row">
        <button
          type="button"
          disabled={!server.enabled || state.status === 'connecting'}
          onClick={() => void reconnectMcp(server)}
        >
          Reconnect
        </button>
        <button type="button" onClick={() => void toggleEnabled()}>
          {server.enabled ? 'Disable' : 'Enable'}
        </button>
        <button type="button" aria-expanded={editing} onClick={() => setEditing((v) => !v)}>
          Edit server
        </button>
        {!confirming && (
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            Remove
          </button>
        )}
        {confirming && (
          <span role="group" aria-label={`Confirm removing ${label}`} className="field-row">
            Remove {label} and its stored headers?
            <button type="button" className="danger" onClick={() => void remove()}>
              Remove server
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </span>
        )}
      </div>
      <label className="field">
        Approval for this server's tools
        <select
          value={server.approval}
          onChange={(e) => void setMcpServerApproval(server.id, e.target.value as McpApprovalMode)}
        >
          <option value="auto">Ask unless the tool says it is read-only</option>
          <option value="ask">Ask every time</option>
          <option value="allow">Run without asking</option>
        </select>
      </label>
      <h4>Tools ({tools.length})</h4>
      {tools.length === 0 ? (
        <p className="hint">No tools listed yet.</p>
      ) : (
        <ul className="mcp-tools" aria-label={`Tools of ${label}`}>
          {tools.slice(0, shownTools).map((t) => (
            <McpToolRow
              key={t.name}
              server={server}
              tool={t}
              modelName={modelNames.get(`${server.id}\u0000${t.name}`)}
            />
          ))}
        </ul>
      )}
      <McpPromptsSection server={server} />
      <McpResourcesSection server={server} />
    </section>
  );
}
