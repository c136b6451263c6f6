/**
 * The server-sent events of a captured response, read back from its network reads (docs/wire-capture.md): what the
 * dialog "Request and response" lists. Not the stream path's parser (llm/sse-parser.ts stops at `[DONE]`, parses JSON
 * and keeps no names or times); this one follows the event-stream format as written and keeps every event whole.
 */
import { isEventStream, wireReadBytes } from './wire-body';
import type { WireEvent, WireRead, WireResponse } from './wire-exchange';

/** One event being read: its data lines so far (null before the first) and its name (`''` when none was sent). */
type Pending = { data: string | null; event: string };

/**
 * Reads events from a response's reads, one read at a time, so a long answer can be read in slices between frames
 * (the dialog does; docs/wire-capture.md). Each event has the arrival (ms from the request's start) of the read holding
 * the line end that closed it; a closing `data: [DONE]` is an event like the rest. Lines end in LF, CRLF or CR; `:`
 * lines are comments; an event's data lines join with LF.
 */
export class WireEventReader {
  readonly events: WireEvent[] = [];
  private readonly pending: Pending = { data: null, event: '' };
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private line = '';
  private afterCR = false;
  private atMs = 0;
  private bytesRead = false;
  private started = false;

  push(read: WireRead): void {
    this.atMs = read.atMs;
    // Decoded as a stream once bytes came (a read that is not UTF-8 alone): a character cut between two reads
    // belongs to the read that completes it.
    this.bytesRead ||= read.encoding === 'base64';
    let text = this.bytesRead ? this.decoder.decode(wireReadBytes(read), { stream: true }) : read.text;
    if (!this.started && text !== '') {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let from = 0;
    if (this.afterCR && text !== '') {
      // The LF of a CRLF whose CR ended the last read: that line has ended already.
      if (text.charCodeAt(0) === 10) from = 1;
      this.afterCR = false;
    }
    // Line ends by indexOf, the next CR looked for again only once passed: most streams hold none.
    let lf = text.indexOf('\n', from);
    let cr = text.indexOf('\r', from);
    while (lf !== -1 || cr !== -1) {
      const end = cr === -1 || (lf !== -1 && lf < cr) ? lf : cr;
      const whole = this.line === '' ? text.slice(from, end) : this.line + text.slice(from, end);
      this.line = '';
      from = end + 1;
      if (end === cr) {
        if (from === text.length) this.afterCR = true;
        else if (text.charCodeAt(from) === 10) from++;
        cr = text.indexOf('\r', from);
      }
      if (lf !== -1 && lf < from) lf = text.indexOf('\n', from);
      this.readLine(whole);
    }
    if (from < text.length) this.line += text.slice(from);
  }

  /** The body ended: a last event with no blank line after it counts (a body cut off or still streaming has none). */
  end(): void {
    this.line += this.decoder.decode();
    if (this.line !== '') this.readLine(this.line);
    this.line = '';
    this.readLine('');
  }

  /** One whole line (without its end): a field of the pending event, a comment, or the blank line that sends it. */
  private readLine(line: string): void {
    const pending = this.pending;
    if (line === '') {
      if (pending.data !== null) this.events.push({ atMs: this.atMs, event: pending.event, data: pending.data });
      pending.data = null;
      pending.event = '';
      return;
    }
    if (line.charCodeAt(0) === 58) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') pending.data = pending.data === null ? value : `${pending.data}\n${value}`;
    else if (field === 'event') pending.event = value;
    // `id` and `retry` steer a reconnecting EventSource; a captured exchange has nothing to reconnect.
  }
}

/**
 * Each event of the response in order (`WireEventReader`). A last event with no blank line after it counts only once
 * the body ended (while it streams or when it was cut off, it may be incomplete). A body that is not a stream has no
 * events: `[]`.
 */
export function wireEventsOf(response: WireResponse | undefined): WireEvent[] {
  if (response === undefined || !isEventStream(response)) return [];
  const reader = new WireEventReader();
  for (const read of response.reads) reader.push(read);
  if (response.endedAtMs !== undefined) reader.end();
  return reader.events;
}
