import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wireEventsOf } from './wire-events';
import type { WireRead, WireResponse } from './wire-exchange';

const SSE = [{ name: 'content-type', value: 'text/event-stream; charset=utf-8' }];

/** A read as capture keeps it: its text when the bytes are UTF-8 alone, base64 otherwise. */
function readOf(bytes: Uint8Array, atMs: number): WireRead {
  try {
    return { atMs, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    return { atMs, text: btoa(String.fromCharCode(...bytes)), encoding: 'base64' };
  }
}

/** The body's bytes cut at `cuts` into reads arriving at 10, 20, 30… ms. */
function responseOf(body: string | Uint8Array, cuts: number[] = [], ended = true): WireResponse {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const at = [...new Set(cuts.filter((c) => c > 0 && c < bytes.length))].sort((a, b) => a - b);
  const edges = [0, ...at, bytes.length];
  const reads = edges.slice(1).map((end, i) => readOf(bytes.subarray(edges[i], end), 10 * (i + 1)));
  return { status: 200, headers: SSE, headersAtMs: 5, reads, ...(ended ? { endedAtMs: 999 } : {}) };
}

describe('wireEventsOf', () => {
  it('lists every event with its name and data, the closing [DONE] too', () => {
    const body = 'event: message_start\ndata: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n';
    expect(wireEventsOf(responseOf(body))).toEqual([
      { atMs: 10, event: 'message_start', data: '{"a":1}' },
      { atMs: 10, event: '', data: '{"b":2}' },
      { atMs: 10, event: '', data: '[DONE]' },
    ]);
  });

  it('gives each event the arrival of the read that completed it', () => {
    const body = 'data: one\n\ndata: two\n\n';
    // Reads: "data: one\n" (10), "\ndata: t" (20), "wo\n\n" (30).
    expect(wireEventsOf(responseOf(body, [10, 18])).map((e) => e.atMs)).toEqual([20, 30]);
  });

  it('reads CRLF and lone CR line ends, comments, multi-line data and a field with no space', () => {
    const body =
      ': keep-alive\r\nevent: delta\r\ndata: line one\r\ndata:line two\r\n\r\ndata: x\r\rid: 7\nretry: 10\ndata\n\n';
    expect(wireEventsOf(responseOf(body))).toEqual([
      { atMs: 10, event: 'delta', data: 'line one\nline two' },
      { atMs: 10, event: '', data: 'x' },
      { atMs: 10, event: '', data: '' },
    ]);
  });

  it('treats a CRLF cut between two reads as one line end', () => {
    const body = 'data: a\r\n\r\ndata: b\r\n\r\n';
    const whole = wireEventsOf(responseOf(body));
    for (let cut = 1; cut < body.length; cut++) {
      expect(wireEventsOf(responseOf(body, [cut])).map((e) => e.data)).toEqual(whole.map((e) => e.data));
    }
  });

  it('keeps a character cut between two reads whole', () => {
    const bytes = new TextEncoder().encode('data: é€😀\n\n');
    for (let cut = 7; cut < bytes.length - 2; cut++) {
      expect(wireEventsOf(responseOf(bytes, [cut]))).toEqual([{ atMs: 20, event: '', data: 'é€😀' }]);
    }
  });

  it('counts a last event with no blank line only once the body ended', () => {
    expect(wireEventsOf(responseOf('data: a\n\ndata: tail', [], true)).map((e) => e.data)).toEqual(['a', 'tail']);
    expect(wireEventsOf(responseOf('data: a\n\ndata: tail', [], false)).map((e) => e.data)).toEqual(['a']);
  });

  it('gives none for a body that is not a stream, or no response', () => {
    const json: WireResponse = {
      ...responseOf('data: a\n\n'),
      headers: [{ name: 'Content-Type', value: 'application/json' }],
    };
    expect(wireEventsOf(json)).toEqual([]);
    expect(wireEventsOf(undefined)).toEqual([]);
  });

  it('drops a byte order mark at the start only', () => {
    expect(wireEventsOf(responseOf('\uFEFFdata: a\uFEFF\n\n'))).toEqual([{ atMs: 10, event: '', data: 'a\uFEFF' }]);
  });
});

type Ev = { comment: string | null; event: string | null; data: string[]; end: '\n' | '\r\n' | '\r' };

const fieldText = fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => s.replace(/[\r\n]/g, ' '));
const anEvent: fc.Arbitrary<Ev> = fc.record({
  comment: fc.option(fieldText),
  event: fc.option(fieldText),
  data: fc.array(fieldText, { minLength: 1, maxLength: 3 }),
  end: fc.constantFrom<Ev['end']>('\n', '\r\n', '\r'),
});

/** The stream's text, and for each event the UTF-8 byte offset of the line end that sends it. */
function serialise(events: Ev[]): { text: string; closers: number[] } {
  const enc = new TextEncoder();
  let text = '';
  const closers: number[] = [];
  for (const e of events) {
    if (e.comment !== null) text += `:${e.comment}${e.end}`;
    if (e.event !== null) text += `event: ${e.event}${e.end}`;
    for (const d of e.data) text += `data: ${d}${e.end}`;
    closers.push(enc.encode(text).length);
    text += e.end;
  }
  return { text: `${text}data: [DONE]\n\n`, closers };
}

describe('wireEventsOf, cut anywhere', () => {
  it('gives the same events however the same bytes are cut into reads, each timed by the read that closed it', () => {
    fc.assert(
      fc.property(
        fc.array(anEvent, { maxLength: 8 }),
        fc.array(fc.nat({ max: 400 }), { maxLength: 12 }),
        (events, cutsRaw) => {
          const { text, closers } = serialise(events);
          const bytes = new TextEncoder().encode(text);
          const cuts = [...new Set(cutsRaw.map((c) => c % Math.max(1, bytes.length)))].sort((a, b) => a - b);
          const got = wireEventsOf(responseOf(bytes, cuts));
          const expected = events.map((e, i) => {
            const lineEnd = closers[i]!;
            const readIndex = cuts.filter((c) => c > 0 && c <= lineEnd).length;
            return { atMs: 10 * (readIndex + 1), event: e.event ?? '', data: e.data.join('\n') };
          });
          expect(got.slice(0, -1)).toEqual(expected);
          expect(got.at(-1)).toMatchObject({ event: '', data: '[DONE]' });
        },
      ),
      { numRuns: 300 },
    );
  });
});
