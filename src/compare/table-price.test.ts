import { describe, expect, it } from 'vitest';
import { tablePriceOf } from './table-price';

describe("Compare's cost slot", () => {
  const usage = { promptTokens: 1_000_000, completionTokens: 100_000, totalTokens: 1_100_000, estimated: false };
  it('prices a known model from the table and a person’s own price, and says nothing for an unknown one', () => {
    expect(tablePriceOf({})('gpt-4o-mini', usage)).toEqual({ amount: 0.15 + 0.06, currency: 'USD' });
    expect(tablePriceOf({ 'mock-gpt': { input: 1, output: 10 } })('mock-gpt', usage)).toEqual({
      amount: 2,
      currency: 'USD',
    });
    expect(tablePriceOf({})('mock-gpt', usage)).toBeNull();
  });
});
