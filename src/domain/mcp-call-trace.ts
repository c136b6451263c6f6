/**
 * What the timeline keeps of an MCP call (architecture.md, "MCP in the app"): which server ran it, in which
 * protocol revision, and the JSON-RPC messages of the call as they went over the wire. A call of the 2026-07-28
 * generation that needs input has several rounds (each `tools/call` answered `input_required`, then retried with
 * the answers); a 2025-11-25 call has the server's own requests (elicitation) between its request and response.
 */
import type { Usage } from './messages';

/**
 * The server a tool belongs to; known when the call starts. `view`: the tool names an MCP App View (its ui://
 * resource and the server's own tool name), kept so the View comes back after a reload or an import.
 */
export type McpServerRef = { serverId: string; serverName: string; protocolRevision: string; view?: McpViewRef };

type McpViewRef = { resourceUri: string; toolName: string };

/** A running MCP call's latest progress report (notifications/progress): on the event spine as a tool_progress. */
export type McpProgress = { progress: number; total?: number; message?: string };

/** "3/10 step three": the amount (of the total, when given) and the server's message. */
export function mcpProgressText(p: McpProgress): string {
  const amount = p.total !== undefined ? `${p.progress}/${p.total}` : String(p.progress);
  return p.message !== undefined ? `${amount} ${p.message}` : amount;
}

/**
 * A model request an MCP server asked the page to run while the call ran (legacy sampling): counted in the run's
 * usage and drawn under the call. `startMs` is measured from the call's start.
 */
export type McpSamplingUse = { model: string; usage: Usage; startMs: number; durationMs: number };

/** One JSON-RPC message of a call: sent by the page or received from the server, as text (cut, never secrets). */
export type McpWireMessage = { dir: 'sent' | 'received'; t: number; json: string };

/** Each message's text is cut at this many characters; a call keeps at most MAX_WIRE_MESSAGES of them. */
export const MAX_WIRE_TEXT = 64 * 1024;
export const MAX_WIRE_MESSAGES = 64;

/** The key of the note a call's list keeps in place of the notifications it did not keep (a count). */
export const WIRE_NOT_KEPT = 'toolscope/notificationsNotKept';

/** What a message is, in words, for its heading and accessible name in the details. */
export function wireMessageKind(m: McpWireMessage): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(m.json);
  } catch {
    return m.dir === 'sent' ? 'sent' : 'received';
  }
  const o = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  const method = typeof o.method === 'string' ? o.method : null;
  if (m.dir === 'sent') {
    if (method === 'tools/call') return 'request';
    if (method === 'notifications/cancelled') return 'cancellation';
    // The tasks extension's own requests (tasks/get, subscriptions/listen, …) on the raw path.
    if (method !== null && 'id' in o) return `${method} request`;
    return 'answer to the server';
  }
  if (typeof o[WIRE_NOT_KEPT] === 'number') return `notifications not kept (${o[WIRE_NOT_KEPT]})`;
  if (method !== null) return 'id' in o ? `server request ${method}` : method;
  const result = o.result;
  if (
    result !== null &&
    typeof result === 'object' &&
    (result as Record<string, unknown>).resultType === 'input_required'
  )
    return 'response (input required)';
  return 'error' in o ? 'error response' : 'response';
}

/**
 * The messages grouped by round: a round starts at each `tools/call` request the page sent; messages before the
 * first one (none, normally) form a round of their own.
 */
export function wireRounds(messages: readonly McpWireMessage[]): McpWireMessage[][] {
  const rounds: McpWireMessage[][] = [];
  for (const m of messages) {
    const last = rounds[rounds.length - 1];
    if (last === undefined || (m.dir === 'sent' && isToolsCall(m.json))) rounds.push([m]);
    else last.push(m);
  }
  return rounds;
}

function isToolsCall(json: string): boolean {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed !== null && typeof parsed === 'object' && 'method' in parsed && parsed.method === 'tools/call';
  } catch {
    return false;
  }
}
