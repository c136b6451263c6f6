import { describe, expect, it } from 'vitest';
import { accumulate } from '../src/agent/accumulator';
import { readSSE } from '../src/llm/sse-reader';
import { bodyFrom, floor, piecesOf } from './paths';
import { longText, parallelTools, reasoningTextTools, type GeneratedStream } from './sse-gen';

// Small versions of the bench streams: what the bench times must assemble to the turn it claims.
const cases: GeneratedStream[] = [
  longText(8 * 1024),
  parallelTools(8, 2 * 1024),
  reasoningTextTools(4 * 1024, 2 * 1024, 3, 1024),
];

describe('bench streams', () => {
  for (const g of cases) {
    it(`${g.name} assembles to its expected turn through readSSE + accumulate, and the floor parses every chunk`, async () => {
      const pieces = piecesOf(new TextEncoder().encode(g.sse), 1000);
      const turn = await accumulate(readSSE(bodyFrom(pieces)));
      expect(turn.text).toBe(g.expected.text);
      expect(turn.reasoning).toBe(g.expected.reasoning);
      expect(turn.toolCalls).toEqual(g.expected.toolCalls);
      expect(turn.finishReason).toBe(g.expected.finishReason);
      const events = g.sse.split('\n\n').filter((e) => e !== '' && e !== 'data: [DONE]').length;
      expect(await floor(bodyFrom(pieces))).toBe(events);
    });
  }

  it('tool arguments really are interleaved across calls', () => {
    const g = parallelTools(8, 1024);
    const indexes = [...g.sse.matchAll(/"tool_calls":\[\{"index":(\d)/g)].map((m) => Number(m[1]));
    let switches = 0;
    for (let i = 1; i < indexes.length; i++) if (indexes[i] !== indexes[i - 1]) switches++;
    expect(switches).toBeGreaterThan(indexes.length / 2);
  });
});
