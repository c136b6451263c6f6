/**
 * What an MCP tool's approval scopes are kept under, and whether a kept scope still speaks for the tool a server
 * offers now (architecture.md, "Approvals"): a scope holds only for the schema and annotations it was given for.
 */
import type { ApprovalKey, ApprovalScope } from '../domain/approval-scopes';
import { shortHash } from './tool-names';
import type { McpToolInfo } from './types';

const PREFIX = 'mcp:';

/** `mcp:<server>/<tool>`, and a version that changes whenever the tool's input schema or annotations do. */
export function mcpApprovalKey(
  serverKey: string,
  tool: Pick<McpToolInfo, 'name' | 'inputSchema' | 'annotations'>,
): Required<ApprovalKey> {
  return {
    tool: `${PREFIX}${serverKey}/${tool.name}`,
    version: shortHash(JSON.stringify([tool.inputSchema, tool.annotations ?? null])),
  };
}

/**
 * `current`: the server offers the tool as it was; `changed`: a connected server offers it with another schema or
 * annotations, or no longer offers it; `not-connected`: the server is known but its tools are not at hand, so no
 * guess is made; `server-removed`: no such server any more; `not-mcp`: not an MCP tool's scope.
 */
export type ScopeStanding = 'current' | 'changed' | 'not-connected' | 'server-removed' | 'not-mcp';

/**
 * `servers`: every stored server by id, with the tools its live connection lists now, or null when it is not
 * connected in this page.
 */
export function scopeStanding(
  scope: Pick<ApprovalScope, 'tool' | 'version'>,
  servers: ReadonlyMap<string, readonly McpToolInfo[] | null>,
): ScopeStanding {
  if (!scope.tool.startsWith(PREFIX)) return 'not-mcp';
  const rest = scope.tool.slice(PREFIX.length);
  const slash = rest.indexOf('/');
  if (slash < 0) return 'not-mcp';
  const serverKey = rest.slice(0, slash);
  const name = rest.slice(slash + 1);
  if (!servers.has(serverKey)) return 'server-removed';
  const tools = servers.get(serverKey);
  if (tools === null || tools === undefined) return 'not-connected';
  const tool = tools.find((t) => t.name === name);
  return tool !== undefined && mcpApprovalKey(serverKey, tool).version === scope.version ? 'current' : 'changed';
}
