import { describe, expect, it } from 'vitest';
import { tokensInOut, usageText } from './usage-text';

describe('usageText', () => {
  it('reads total, in and out with thousands separators, unmarked when the provider reported it', () => {
    expect(usageText({ promptTokens: 1200, completionTokens: 34, totalTokens: 1234, estimated: false })).toBe(
      '1,234 tokens (1,200 in, 34 out)',
    );
  });

  it('marks usage the app had to estimate', () => {
    expect(usageText({ promptTokens: 10, completionTokens: 5, totalTokens: 15, estimated: true })).toBe(
      '15 tokens (10 in, 5 out), estimated',
    );
  });

  it('shows the total as given, not recomputed from in and out', () => {
    // Providers may count cached or reasoning tokens in the total only.
    expect(usageText({ promptTokens: 1, completionTokens: 1, totalTokens: 1_000_000, estimated: false })).toBe(
      '1,000,000 tokens (1 in, 1 out)',
    );
  });

  it('says what of the input was written to and read from the cache', () => {
    const u = { promptTokens: 1234, completionTokens: 56, totalTokens: 1290, estimated: false };
    expect(usageText({ ...u, cacheWriteTokens: 800, cachedTokens: 300 })).toBe(
      '1,290 tokens (1,234 in (800 written to cache, 300 read from cache), 56 out)',
    );
    expect(tokensInOut({ ...u, cacheWriteTokens: 1500 })).toBe('1,234 in (1,500 written to cache), 56 out');
    expect(tokensInOut({ ...u, cachedTokens: 1200 })).toBe('1,234 in (1,200 read from cache), 56 out');
  });

  it('keeps the plain wording when the cache figures are zero or not said', () => {
    const u = { promptTokens: 1200, completionTokens: 34, totalTokens: 1234, estimated: false };
    expect(tokensInOut({ ...u, cacheWriteTokens: 0, cachedTokens: 0 })).toBe('1,200 in, 34 out');
    expect(tokensInOut(u)).toBe('1,200 in, 34 out');
  });
});
