import { describe, expect, it } from 'vitest';
import { estimateUsage } from './estimated-usage';

describe('estimateUsage', () => {
  it('counts about 4 characters a token plus a per-message overhead, and marks the result estimated', () => {
    const turn = {
      text: 'abcd'.repeat(5),
      reasoning: 'abcd',
      refusal: null,
      toolCalls: [{ id: 'c', name: 'fn', arguments: '{}' }],
      finishReason: 'stop',
      usage: null,
    };
    const u = estimateUsage(
      [
        { role: 'system', content: 'x'.repeat(8) },
        { role: 'user', content: 'y'.repeat(9) },
      ],
      40,
      turn,
    );
    // tools 40/4=10; messages 4+2 and 4+3; output (20+4+4)/4=7 plus 4.
    expect(u).toEqual({ promptTokens: 23, completionTokens: 11, totalTokens: 34, estimated: true });
  });
});
