import { describe, expect, it, vi } from 'vitest';
import { changedWords, wordDiff, type DiffPart } from './word-diff';

const rebuild = (parts: readonly DiffPart[], side: 'from' | 'to') =>
  parts
    .filter((p) => p.kind === 'same' || p.kind === (side === 'from' ? 'removed' : 'added'))
    .map((p) => p.text)
    .join('');

describe('word differences between two answers', () => {
  it('marks the words added and removed, keeping the rest as it reads', () => {
    const parts = wordDiff('The sky is blue today.', 'The sky is grey today.');
    expect(parts).toEqual([
      { kind: 'same', text: 'The sky is ' },
      { kind: 'removed', text: 'blue' },
      { kind: 'added', text: 'grey' },
      { kind: 'same', text: ' today.' },
    ]);
    expect(changedWords(parts)).toBe(2);
  });

  it('the same text has no difference, and each side can be read back from the parts', () => {
    expect(wordDiff('Answer one.', 'Answer one.')).toEqual([{ kind: 'same', text: 'Answer one.' }]);
    const from = 'Red, green and blue are colours.\nSo is teal.';
    const to = 'Green and blue are colours; so is  teal, and red.';
    const parts = wordDiff(from, to);
    expect(rebuild(parts, 'from')).toBe(from);
    expect(rebuild(parts, 'to')).toBe(to);
    expect(parts.some((p) => p.kind === 'same' && p.text.includes('blue are'))).toBe(true);
  });

  it('punctuation is a unit of its own: only the words an answer adds are marked, not the word they touch', () => {
    expect(wordDiff('Original answer.', 'Original answer, from elsewhere.')).toEqual([
      { kind: 'same', text: 'Original answer' },
      { kind: 'added', text: ', from elsewhere' },
      { kind: 'same', text: '.' },
    ]);
  });

  it('an empty side is all added or all removed', () => {
    expect(wordDiff('', 'New words')).toEqual([{ kind: 'added', text: 'New words' }]);
    expect(wordDiff('Old words', '')).toEqual([{ kind: 'removed', text: 'Old words' }]);
    expect(changedWords(wordDiff('', ''))).toBe(0);
  });

  it('two long texts that share little are marked changed as a whole, without a table too big to build', () => {
    const a = Array.from({ length: 1500 }, (_, i) => `a${i}`).join(' ');
    const b = Array.from({ length: 1500 }, (_, i) => `b${i}`).join(' ');
    const parts = wordDiff(`Start ${a} end.`, `Start ${b} end.`);
    expect(parts.map((p) => p.kind)).toEqual(['same', 'removed', 'added', 'same']);
    expect(rebuild(parts, 'to')).toBe(`Start ${b} end.`);
  });

  it('marks the same words however slow the clock runs (the limits are counts, not time)', () => {
    let now = 0;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 100));
    try {
      const parts = wordDiff('Original answer.', 'Original answer, from elsewhere.');
      expect(parts.filter((p) => p.kind === 'added').map((p) => p.text)).toEqual([', from elsewhere']);
    } finally {
      clock.mockRestore();
    }
  });
});
