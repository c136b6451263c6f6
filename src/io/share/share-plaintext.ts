import type { EventRecord, ToolCallRecord } from '../../db/records';
import type { ChatMessage, ToolMessage } from '../../domain/messages';
import { checkExportData } from '../check-file';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFileV1, type ExportedSessionV1 } from '../format-v1';
import { ShareLinkError } from './share-errors';

/**
 * What a share link carries, before sealing (architecture.md, "Share links"): a versioned envelope around a
 * Toolscope session file (format-v1.ts) holding the one session. Not carried: tool definitions (also the tool sets
 * each request offered), MCP servers,
 * memories, prices (a link hands on a conversation, not the sender's setup), the system prompt layers each request sent (they hold
 * recalled memories), stream deltas. Without tool results, every place a
 * result lives says it was left out instead: tool messages, tool call rows, the run events, MCP task and View lanes.
 */
export const SHARE_FORMAT = 'toolscope-share';
export const SHARE_VERSION = 1;

export type SharePlaintextV1 = { format: typeof SHARE_FORMAT; version: typeof SHARE_VERSION; toolResults: boolean; file: ExportFileV1 };

/** What stands where a tool's result was when the link leaves results out. */
export const RESULT_LEFT_OUT = '[Tool result left out of this shared link]';

function redactMessage<M extends ChatMessage>(m: M): M {
  if (m.role !== 'tool') return m;
  const { images: _images, ...rest } = m as M & ToolMessage;
  return { ...rest, content: RESULT_LEFT_OUT } as M;
}

function redactCall(c: ToolCallRecord): ToolCallRecord {
  return { ...c, result: c.result === null ? null : RESULT_LEFT_OUT, logs: [] };
}

function redactEvent(e: EventRecord): EventRecord {
  switch (e.type) {
    case 'message_appended':
      return { ...e, message: redactMessage(e.message) };
    case 'tool_finished': {
      const { logs: _logs, mcpMessages: _wire, ...rest } = e;
      return { ...rest, result: RESULT_LEFT_OUT };
    }
    case 'tool_progress': {
      const { logs: _logs, ...rest } = e;
      return rest;
    }
    default:
      return e;
  }
}

/** The session with every tool result replaced by RESULT_LEFT_OUT (and logs, wire messages and lanes dropped). */
export function withoutToolResults(entry: ExportedSessionV1): ExportedSessionV1 {
  const { mcpTasks: _tasks, mcpViewEvents: _views, ...rest } = entry;
  return {
    ...rest,
    messages: entry.messages.map(redactMessage),
    toolCalls: entry.toolCalls.map(redactCall),
    events: entry.events.map(redactEvent),
  };
}

/**
 * Stream deltas repeat, piece by piece, text the messages hold whole, and the timeline does not draw them
 * (timeline/build-timeline.ts); leaving them out keeps a short conversation short enough to travel in the link.
 */
const DELTAS: ReadonlySet<string> = new Set(['text_delta', 'reasoning_delta', 'tool_call_delta']);

/**
 * A request's system prompt layers as sent hold the memories recalled for it, and memories stay with the sender;
 * the session's own system prompt (its settings) is carried.
 */
function withoutLayers(e: EventRecord): EventRecord {
  if (e.type !== 'request_started' || (e.systemLayers === undefined && e.toolSet === undefined)) return e;
  // The tool set a request offered is tool definitions too (the sender's setup): its name goes with the sets.
  const { systemLayers: _layers, toolSet: _set, ...rest } = e;
  return rest;
}

/** The envelope for one exported session; `file` is an export of that session (buildExport's output). */
export function sharePlaintext(file: ExportFileV1, includeToolResults: boolean): SharePlaintextV1 {
  const entry = file.sessions[0];
  if (file.sessions.length !== 1 || entry === undefined) throw new Error('A share link carries exactly one session.');
  const { toolSets: _sets, ...carried } = entry;
  const lean = { ...carried, events: entry.events.filter((e) => !DELTAS.has(e.type)).map(withoutLayers) };
  const session = includeToolResults ? lean : withoutToolResults(lean);
  return {
    format: SHARE_FORMAT,
    version: SHARE_VERSION,
    toolResults: includeToolResults,
    file: { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: file.exportedAt, app: file.app, sessions: [session], tools: [] },
  };
}

export function encodeSharePlaintext(p: SharePlaintextV1): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(p));
}

export type OpenedShare = { toolResults: boolean; file: ExportFileV1; text: string };

const notASession = () =>
  new ShareLinkError('damaged', 'This share link opened, but what it holds is not a Toolscope session this page can show. Ask the sender to make the link again.');

/**
 * Reads opened bytes back: the envelope's format and version, then the whole import check (JSON, hostile shapes,
 * schema, integrity, history) on the session file, so a share is shown only once it would also import. `text`
 * is the session file, for "Import a copy".
 */
export function decodeSharePlaintext(bytes: Uint8Array): OpenedShare {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw notASession();
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw notASession();
  const env = data as Record<string, unknown>;
  if (env.format !== SHARE_FORMAT) throw notASession();
  if (typeof env.version !== 'number' || !Number.isInteger(env.version)) throw notASession();
  if (env.version > SHARE_VERSION) {
    throw new ShareLinkError('version', `This shared session was made by a newer version of Toolscope (share format ${env.version}). Reload the page to get the newest version, then open the link again.`);
  }
  if (env.version !== SHARE_VERSION || typeof env.toolResults !== 'boolean') throw notASession();
  const checked = checkExportData(env.file);
  if (!checked.ok || checked.file.sessions.length !== 1) throw notASession();
  return { toolResults: env.toolResults, file: checked.file, text: JSON.stringify(checked.file) };
}
