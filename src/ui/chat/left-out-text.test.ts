import { describe, expect, it } from 'vitest';
import { leftOutLine } from './left-out-text';

const why = 'Its thinking was left out: it was written by claude-a, not claude-b.';

describe('a line of the note on what a request left out', () => {
  it("is the builder's own sentence, led by the reply it names: by its turn when known", () => {
    expect(leftOutLine({ messageId: 'm1', what: 'signed_thinking', why }, 2)).toBe(`Turn 2's reply: ${why}`);
    expect(leftOutLine({ messageId: 'm1', what: 'signed_thinking', why }, null)).toBe(`An earlier reply: ${why}`);
    // Turn 0 is a manual compaction's, never a reply's.
    expect(leftOutLine({ messageId: 'm1', what: 'signed_thinking', why }, 0)).toBe(`An earlier reply: ${why}`);
  });

  it('is the sentence alone for the request as a whole', () => {
    const sampling = 'Temperature and Top P were not sent: Anthropic does not accept them with thinking on.';
    expect(leftOutLine({ what: 'sampling', why: sampling }, 3)).toBe(sampling);
  });
});
