import type { ToolLog } from '../agent/tool-executor';
import { droppedEntriesText } from './log-cut';

/** Tool output is cut at a byte budget (architecture.md, "Defaults": 64 KB) so one tool cannot flood the model's context. */
export const DEFAULT_OUTPUT_LIMIT_BYTES = 64 * 1024;

/**
 * Log entries a run may keep. Bytes alone do not bound a log: empty `console.log()` lines cost nothing against the
 * byte budget, yet each one is stored, sent and drawn, so a loop of them froze the page for seconds.
 */
const MAX_LOG_ENTRIES = 1_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/**
 * Cuts `text` to at most `limitBytes` UTF-8 bytes (never splitting a character) and appends a visible marker
 * saying how many bytes were dropped. The marker itself is not counted against the limit.
 */
export function cutOutput(text: string, limitBytes: number = DEFAULT_OUTPUT_LIMIT_BYTES): string {
  // Cheap exit: a string of n UTF-16 units is at most 3n UTF-8 bytes.
  if (text.length * 3 <= limitBytes) return text;
  const bytes = encoder.encode(text);
  if (bytes.length <= limitBytes) return text;
  const end = charBoundary(bytes, limitBytes);
  return `${decoder.decode(bytes.subarray(0, end))}${omittedMarker(bytes.length - end, true)}`;
}

/** The visible marker cutOutput appends; `exact` is false when the rest was not read to the end. */
export function omittedMarker(bytes: number, exact: boolean): string {
  return `\n…[output truncated: ${exact ? '' : 'at least '}${bytes} bytes omitted]`;
}

/** The largest end <= limit that does not fall inside a UTF-8 sequence (continuation bytes are 10xxxxxx). */
export function charBoundary(bytes: Uint8Array, limit: number): number {
  let end = Math.max(0, Math.min(limit, bytes.length));
  while (end > 0 && end < bytes.length && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return end;
}

type LogCollector = {
  /** The entry as kept (possibly cut), or null when it was only counted. */
  add(level: ToolLog['level'], text: string, t: number): ToolLog | null;
  /** The kept entries, then one marker entry saying how many were dropped (when any were). */
  logs(): ToolLog[];
};

/**
 * Keeps a run's log within `limitBytes` of text and MAX_LOG_ENTRIES entries. The entry that crosses the byte budget
 * is cut with the usual marker; everything after is only counted, and the count is reported in a last entry.
 */
export function createLogCollector(limitBytes: number, maxEntries: number = MAX_LOG_ENTRIES): LogCollector {
  const kept: ToolLog[] = [];
  let bytes = 0;
  let full = false;
  let dropped = 0;
  let lastT = 0;
  return {
    add(level, text, t) {
      lastT = t;
      if (full || kept.length >= maxEntries) {
        full = true;
        dropped += 1;
        return null;
      }
      const left = limitBytes - bytes;
      // A string has at least as many UTF-8 bytes as UTF-16 units: a 10 MB line is not encoded just to learn it is too long.
      const size = text.length <= left ? utf8Length(text) : Infinity;
      if (size <= left) {
        bytes += size;
        const entry: ToolLog = { level, text, t };
        kept.push(entry);
        return entry;
      }
      full = true;
      if (left > 0) {
        const entry: ToolLog = { level, text: cutOutput(text, left), t };
        kept.push(entry);
        return entry;
      }
      dropped += 1;
      return null;
    },
    logs() {
      if (dropped === 0) return kept;
      const why =
        kept.length >= maxEntries
          ? `${maxEntries} entries`
          : limitBytes < 1024
            ? `${limitBytes} bytes`
            : `${Math.round(limitBytes / 1024)} KB`;
      return [...kept, { level: 'warn', text: droppedEntriesText(dropped, why), t: lastT }];
    },
  };
}
