import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SSEParser } from './sse-parser';

type Outcome = { out: unknown[]; done: boolean; error: string | null };

function run(pieces: readonly string[]): Outcome {
  const out: unknown[] = [];
  const parser = new SSEParser(out);
  for (const p of pieces) parser.push(p);
  parser.end();
  return { out, done: parser.done, error: parser.error?.message ?? null };
}

/** One character per push never has a whole event in hand, so it always takes the line-by-line path. */
const lineByLine = (text: string): Outcome => run([...text]);

// Events as Responses and Anthropic frame them, and the shapes the fast paths must leave to the line-by-line path.
const EVENTS = [
  'event: content_block_delta\ndata: {"type":"content_block_delta","index":0}\n\n',
  'event: ping\ndata: {"type":"ping"}\n\n',
  'data: {"plain":true}\n\n',
  'event: message_start\r\ndata: {"crlf":1}\r\n\r\n',
  'event: x\ndata: {"a":\ndata: 1}\n\n',
  ': keep-alive\n\n',
  'event:nospace\ndata: {"n":2}\n\n',
  'event:  error\ndata: {"spaced":"name"}\n\n',
  'event: errors\ndata: {"longer":"name"}\n\n',
];
const ENDINGS = [
  'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n',
  'event: error\ndata: {"message":"no error key"}\n\n',
  'event: error\ndata: not JSON at all\n\n',
  'event: done\ndata: [DONE]\n\n',
  'event: bad\ndata: {not json\n\n',
  '',
];

describe('SSEParser fast paths', () => {
  it('reads named events whole exactly as line by line, wherever the text is cut', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...EVENTS), { maxLength: 12 }),
        fc.constantFrom(...ENDINGS),
        fc.array(fc.nat(), { maxLength: 6 }),
        (events, ending, cuts) => {
          const text = events.join('') + ending + 'data: {"after":"the end"}\n\n';
          const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const pieces = [0, ...at].map((from, i) => text.slice(from, at[i] ?? text.length));
          expect(run(pieces)).toEqual(lineByLine(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('still ends at an `event: error` read whole, with the provider words', () => {
    const got = run([`${EVENTS[0]}${ENDINGS[0]}${EVENTS[1]}`]);
    expect(got.out).toEqual([{ type: 'content_block_delta', index: 0 }]);
    expect(got.error).toContain('Overloaded');
  });
});
