import { describe, expect, it } from 'vitest';
import { addUsage, zeroUsage, type Usage } from './messages';

const u = (p: number, extra: Partial<Usage> = {}): Usage => ({
  promptTokens: p,
  completionTokens: 1,
  totalTokens: p + 1,
  estimated: false,
  ...extra,
});

describe('addUsage', () => {
  it('sums cache writes when either side has them, and leaves them out when neither does', () => {
    expect(addUsage(u(100, { cacheWriteTokens: 40, cachedTokens: 10 }), u(50, { cachedTokens: 30 }))).toEqual({
      ...u(150, { cachedTokens: 40, cacheWriteTokens: 40 }),
      completionTokens: 2,
      totalTokens: 152,
    });
    expect(addUsage(zeroUsage(), u(5, { cacheWriteTokens: 5 })).cacheWriteTokens).toBe(5);
    expect('cacheWriteTokens' in addUsage(u(1), u(2))).toBe(false);
  });
});
