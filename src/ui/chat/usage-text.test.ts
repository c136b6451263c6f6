import { describe, expect, it } from 'vitest';
import { usageText } from './usage-text';

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
});
