import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countBounded, EXACT_MAX_CHARS, SEGMENT_CHARS, segmentEnd } from './bounded-count';
import { estimateTokens } from '../domain/token-heuristic';

const o200k = (s: string) => countTokens(s);
const cl100k = (s: string) => countCl100k(s);

describe('countBounded', () => {
  it("gives the whole text's exact count when it cuts only at spaces (any text, both encodings)", () => {
    const alphabet = fc.constantFrom(
      'a',
      'Zw',
      'é',
      '日本',
      '1',
      '23',
      '4567',
      '\n',
      '\r\n',
      '\t',
      '.',
      ',',
      '!?',
      "'s",
      "'ll",
      '-',
      '/',
      '😀',
      '{"k":',
      '}',
      '\u00a0',
      ' ',
      ' ',
      ' ',
      ' ',
      '  ',
      ' x',
      ' 42',
      ' .',
    );
    let cutAndExact = 0;
    fc.assert(
      fc.property(fc.array(alphabet, { minLength: 20, maxLength: 120 }), (parts) => {
        const text = parts.join('');
        for (const count of [o200k, cl100k]) {
          const r = countBounded(text, { countSegment: count, segmentChars: 24, now: () => 0 }); // time stands still: a busy machine must not turn exact counts into estimates
          if (!r.exact) continue;
          expect(r.tokens).toBe(count(text));
          if (text.length > 24) cutAndExact++;
        }
      }),
      { numRuns: 300 },
    );
    // The property was really tried on texts that were cut.
    expect(cutAndExact).toBeGreaterThan(50);
    const prose = 'The quick brown fox, jumping over 12 lazy dogs; it\'s "fine".\n'.repeat(200);
    expect(countBounded(prose, { countSegment: o200k, segmentChars: 64, now: () => 0 })).toEqual({
      tokens: o200k(prose),
      exact: true,
    });
  });

  it('never hands the tokenizer more than one segment of unbroken text, and marks such a count inexact', () => {
    const seen: number[] = [];
    const text = 'x'.repeat(100_000);
    const r = countBounded(text, { countSegment: (s) => (seen.push(s.length), o200k(s)), now: () => 0 }); // time stands still, as above
    expect(Math.max(...seen)).toBeLessThanOrEqual(SEGMENT_CHARS);
    expect(seen.reduce((a, b) => a + b, 0)).toBe(text.length);
    expect(r.exact).toBe(false);
    // Close to the real figure all the same (at most a token more per cut).
    expect(r.tokens).toBeGreaterThanOrEqual(12_500);
    expect(r.tokens).toBeLessThanOrEqual(12_500 + seen.length);
  });

  it('estimates what is left when the time budget runs out', () => {
    let clock = 0;
    const text = 'word '.repeat(2_000);
    const r = countBounded(text, {
      countSegment: (s) => ((clock += 100), o200k(s)),
      now: () => clock,
      budgetMs: 250,
      segmentChars: 100,
    });
    // Three segments counted (100 ms each), the rest estimated.
    expect(r.exact).toBe(false);
    const counted = text.slice(0, 300);
    expect(r.tokens).toBe(o200k(counted) + estimateTokens(text.slice(300)));
  });

  it('estimates a text past the length budget without tokenizing it', () => {
    let calls = 0;
    const r = countBounded('a'.repeat(EXACT_MAX_CHARS + 1), { countSegment: () => ++calls });
    expect(r).toEqual({ tokens: estimateTokens('a'.repeat(EXACT_MAX_CHARS + 1)), exact: false });
    expect(calls).toBe(0);
  });

  it('cuts before a space that follows a non-space, else at the limit but never inside a surrogate pair', () => {
    expect(segmentEnd('aaaa bbbb cccc', 0, 12)).toEqual({ end: 9, clean: true });
    expect(segmentEnd('aaaa  bbbb', 0, 8)).toEqual({ end: 4, clean: true });
    expect(segmentEnd('x'.repeat(9) + '😀', 0, 10)).toEqual({ end: 9, clean: false });
    expect(segmentEnd('short', 0, 10)).toEqual({ end: 5, clean: true });
  });
});
