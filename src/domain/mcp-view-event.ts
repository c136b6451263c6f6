/**
 * One thing an MCP App View did or was told, as the app keeps it with its session (architecture.md, "MCP Apps"):
 * the View lane of the timeline lists these, and they are exported and deleted with the session. Parameters and
 * answers are kept as JSON text, cut like tool output, since a View decides what it sends.
 */
export type McpViewEventOutcome = 'ok' | 'refused' | 'error' | 'notice' | 'approved' | 'denied';

export type McpViewEventRecord = {
  sessionId: string;
  /** The tool call that opened the View. */
  callId: string;
  /** Orders a View's events and keys them: unique per View, increasing, also across reloads. */
  seq: number;
  serverName: string;
  toolName: string;
  /** Wall clock (ms): a View outlives its run, so the lane places it against the runs by time. */
  at: number;
  /** The JSON-RPC method (or "approval of <method>" for the person's answer to it). */
  method: string;
  outcome: McpViewEventOutcome;
  /** The request's or notification's params as JSON. */
  params: string;
  /** The host's answer as JSON, when there is one. */
  result?: string;
};

/** A View's params or answer is cut past this many characters, with a marker (a View must not fill the disk). */
export const VIEW_EVENT_JSON_CHARS = 16_000;

export function viewEventJson(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? 'null';
  } catch {
    text = JSON.stringify(String(value));
  }
  return text.length > VIEW_EVENT_JSON_CHARS
    ? `${text.slice(0, VIEW_EVENT_JSON_CHARS)}… [cut: ${text.length} characters]`
    : text;
}

/** The stored JSON back as a value for display; a cut text stays text. */
export function viewEventValue(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

let counter = 0;

/** A seq that is unique per page and later than any an earlier page of the app gave (wall clock based). */
export function nextViewEventSeq(now = Date.now()): number {
  counter = (counter + 1) % 1000;
  return now * 1000 + counter;
}
