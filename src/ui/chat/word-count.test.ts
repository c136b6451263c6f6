import { describe, expect, it } from 'vitest';
import { wordCount } from './word-count';

describe('wordCount', () => {
  it('counts runs of non-space characters across spaces, tabs, newlines and no-break spaces', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('   ')).toBe(0);
    expect(wordCount('one')).toBe(1);
    expect(wordCount('  two words ')).toBe(2);
    expect(wordCount('a\tb\nc\r\nd\u00a0e')).toBe(5);
  });
});
