import type { EventRecord, MessageRecord, ToolCallRecord } from '../db/records';
import { cutOutput, DEFAULT_OUTPUT_LIMIT_BYTES, utf8Length } from '../tools/output-limit';
import type { ExportFileV1, ExportedSessionV1 } from './session-file/format-v1';

type Log = { level: string; text: string; t: number };

// The marker cutOutput appends; what follows the colon is the number of bytes dropped.
const MARKER_START = '\n…[output truncated: ';
const MARKER_TAIL = /^\d+ bytes omitted\]$/;

/**
 * Whether a tool output is within the limit. A value cut before (by the sandbox, the HTTP runner or an earlier
 * import) counts as within it when what precedes its marker is, since the marker itself is not counted: so a
 * file exported after an import and imported again is not cut a second time.
 */
export function withinOutputLimit(text: string, limitBytes: number): boolean {
  if (text.length * 3 <= limitBytes || utf8Length(text) <= limitBytes) return true;
  const at = text.lastIndexOf(MARKER_START);
  return (
    at >= 0 && MARKER_TAIL.test(text.slice(at + MARKER_START.length)) && utf8Length(text.slice(0, at)) <= limitBytes
  );
}

/**
 * Cuts every tool result, tool error and log entry in a file to the tool output limit, with cutOutput's visible
 * marker: the limit keeps one tool from flooding the model's context, and a file must not bring in what a run
 * could not have produced. Returns the file (records copied only where a value changed) and how many values
 * were cut. A result appears in several records (the call, the tool message, the events); each is cut the
 * same way, so they still agree.
 */
export function cutOverLimitValues(
  file: ExportFileV1,
  limitBytes: number = DEFAULT_OUTPUT_LIMIT_BYTES,
): { file: ExportFileV1; cut: number } {
  let cut = 0;
  const fit = (text: string): string => {
    if (withinOutputLimit(text, limitBytes)) return text;
    cut += 1;
    return cutOutput(text, limitBytes);
  };
  const fitLogs = <L extends Log>(logs: L[]): L[] => {
    const out = logs.map((l) => {
      const text = fit(l.text);
      return text === l.text ? l : { ...l, text };
    });
    return out.some((l, i) => l !== logs[i]) ? out : logs;
  };
  const fitMessage = <M extends MessageRecord | Extract<EventRecord, { type: 'message_appended' }>['message']>(
    m: M,
  ): M => {
    if (m.role !== 'tool') return m;
    const content = fit(m.content);
    return content === m.content ? m : { ...m, content };
  };
  const fitCall = (c: ToolCallRecord): ToolCallRecord => {
    const result = c.result === null ? null : fit(c.result);
    const logs = fitLogs(c.logs);
    return result === c.result && logs === c.logs ? c : { ...c, result, logs };
  };
  const fitEvent = (e: EventRecord): EventRecord => {
    if (e.type === 'message_appended') {
      const message = fitMessage(e.message);
      return message === e.message ? e : { ...e, message };
    }
    if (e.type !== 'tool_finished') return e;
    const result = fit(e.result);
    const logs = e.logs === undefined ? undefined : fitLogs(e.logs);
    if (result === e.result && logs === e.logs) return e;
    return logs === undefined ? { ...e, result } : { ...e, result, logs };
  };
  const same = <T>(a: T[], b: T[]) => a.every((x, i) => x === b[i]);
  const fitSession = (entry: ExportedSessionV1): ExportedSessionV1 => {
    const messages = entry.messages.map(fitMessage);
    const toolCalls = entry.toolCalls.map(fitCall);
    const events = entry.events.map(fitEvent);
    if (same(messages, entry.messages) && same(toolCalls, entry.toolCalls) && same(events, entry.events)) return entry;
    return { ...entry, messages, toolCalls, events };
  };

  const sessions = file.sessions.map(fitSession);
  return { file: cut === 0 ? file : { ...file, sessions }, cut };
}
