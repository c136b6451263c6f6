/**
 * The app's side of an MCP App View's requests (architecture.md, "MCP Apps"): a View's tools/call is governed like
 * the model's calls. The tool must exist, be switched on, and be visible to Views (a model-only tool is refused);
 * approval follows the same per-server and per-tool setting, asked under the View; the result is converted and cut
 * the same way. The View's HTML is read from the server that owns the tool.
 */
import { db } from '../../../db/database';
import { getMcpServer } from '../../../db/mcp-servers-repo';
import { mcpNeedsApproval, mcpToolEnabled } from '../../../domain/mcp-server';
import type { AppToolCallAnswer } from '../../../mcp/apps/app-host';
import { appMayCall } from '../../../mcp/apps/tool-ui-meta';
import { toUiResource, type McpUiResource, type UiResourceProblem } from '../../../mcp/apps/ui-resource';
import { toCallOutcome } from '../../../mcp';
import { askAboutView, type McpAppView } from './app-views';
import { noteBridgeEntry } from './app-log';
import { connectMcp } from '../connections/registry';
import { checkMcpSchema } from '../connections/mcp-run-tools';

const VIEW_CALL_TIMEOUT_MS = 60_000;

/**
 * The View HTML each live connection gave, by resource URI: a View that comes back into the chat's list (or a second
 * View of the same tool) starts from it instead of reading it again. A new connection (a reconnect) reads afresh.
 */
const readResources = new WeakMap<object, Map<string, McpUiResource>>();

export async function readViewResource(
  view: Pick<McpAppView, 'serverId' | 'resourceUri'>,
  signal: AbortSignal,
): Promise<McpUiResource | UiResourceProblem> {
  const record = await getMcpServer(db, view.serverId);
  if (record === undefined) return { kind: 'no-html', message: 'The MCP server of this view was removed.' };
  const live = await connectMcp(record);
  if (live === null)
    return {
      kind: 'no-html',
      message:
        `The MCP server "${record.name || record.url}" is not connected, so its view cannot be shown. ` +
        `Connect it in the Tools view and the view comes back here.`,
    };
  const known = readResources.get(live.connection)?.get(view.resourceUri);
  if (known !== undefined) return known;
  try {
    const read = toUiResource(view.resourceUri, await live.connection.readResource(view.resourceUri, { signal }));
    if (!('kind' in read)) {
      const byUri = readResources.get(live.connection) ?? new Map<string, McpUiResource>();
      byUri.set(view.resourceUri, read);
      readResources.set(live.connection, byUri);
    }
    return read;
  } catch (error) {
    return {
      kind: 'no-html',
      message: `The MCP server could not read ${view.resourceUri}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

export async function callToolForView(
  view: Pick<McpAppView, 'callId' | 'serverId'> & { sessionId: string },
  name: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
): Promise<AppToolCallAnswer> {
  const record = await getMcpServer(db, view.serverId);
  const live = record !== undefined ? await connectMcp(record) : null;
  if (record === undefined || live === null) return { refused: 'The MCP server of this view is not connected.' };
  const tool = live.tools.find((t) => t.name === name);
  if (tool === undefined) return { refused: `The server has no tool named "${name}".` };
  if (!appMayCall(tool.ui))
    return { refused: `"${name}" is not available to views: the server made it visible to the model only.` };
  if (!mcpToolEnabled(record, name)) return { refused: `"${name}" is switched off in the Tools view.` };
  if (mcpNeedsApproval(record, tool)) {
    const yes = await askAboutView(
      (id, answer) => ({ kind: 'approve-call', id, callId: view.callId, toolName: name, args, answer }),
      signal,
    );
    noteViewAnswer(view.callId, view.sessionId, 'tools/call', { name, arguments: args }, yes);
    if (!yes) return { refused: `The person denied the call to "${name}".` };
  }
  try {
    const result = await live.connection.callTool(name, args, { signal, timeoutMs: VIEW_CALL_TIMEOUT_MS });
    const outcome = await toCallOutcome(result, {
      tool,
      schemaId: `mcp:${record.id}:${tool.name}#output`,
      check: checkMcpSchema,
    });
    return { result: outcome };
  } catch (error) {
    return {
      result: {
        outcome: 'error',
        content: `Error: the MCP server could not run "${name}": ${error instanceof Error ? error.message : String(error)}`,
        blocks: [],
        logs: [],
      },
    };
  }
}

/** The person's answer to something a View asked first, logged with its requests (and so on the timeline). */
export function noteViewAnswer(callId: string, sessionId: string, method: string, params: unknown, yes: boolean): void {
  noteBridgeEntry(callId, sessionId, {
    t: 0,
    at: Date.now(),
    method: `approval of ${method}`,
    params,
    outcome: yes ? 'approved' : 'denied',
  });
}
