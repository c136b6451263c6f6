import { describe, expect, it } from 'vitest';
import { costOnModels } from './cost-on-models';
import type { Usage } from './messages';
import { PRICE_TABLE } from './model-prices';

/** A run's recorded tokens: a million in (a quarter cached), half a million out (a fifth of it reasoning). */
const usage: Usage = {
  promptTokens: 1_000_000,
  completionTokens: 500_000,
  totalTokens: 1_500_000,
  estimated: false,
  cachedTokens: 250_000,
  reasoningTokens: 100_000,
};

describe('costOnModels', () => {
  it('prices the recorded tokens for every model, input, cached, output and reasoning each at its own price, cheapest first', () => {
    const table = {
      dear: { input: 10, output: 40 },
      cheap: { input: 1, cachedInput: 0.5, output: 2, reasoning: 4 },
    };
    const rows = costOnModels(usage, {}, table);
    expect(rows.map((r) => r.model)).toEqual(['cheap', 'dear']);
    // 750k × $1 + 250k × $0.5 + 400k × $2 + 100k × $4, per million.
    expect(rows[0]!.cost).toEqual({ kind: 'known', usd: 0.75 + 0.125 + 0.8 + 0.4, estimated: false });
    // No cached or reasoning price: cached as input, reasoning as output.
    expect(rows[1]!.cost.usd).toBeCloseTo(10 + 20, 10);
  });

  it("lets the person's price replace the table's for the same name and adds their own models", () => {
    const rows = costOnModels(usage, { 'GPT-4o': { input: 0, output: 0 }, 'my-model': { input: 3, output: 3 } });
    expect(rows.length).toBe(Object.keys(PRICE_TABLE.prices).length + 1);
    expect(rows[0]).toMatchObject({ model: 'GPT-4o', cost: { usd: 0 } });
    expect(rows.filter((r) => r.model.toLowerCase() === 'gpt-4o')).toHaveLength(1);
    expect(rows.find((r) => r.model === 'my-model')?.cost.usd).toBeCloseTo(4.5, 10);
    const usd = rows.map((r) => r.cost.usd);
    expect(usd).toEqual([...usd].sort((a, b) => a - b));
  });

  it('carries an estimate through and orders equal costs by name', () => {
    const rows = costOnModels(
      { ...usage, estimated: true },
      {},
      { b: { input: 1, output: 1 }, a: { input: 1, output: 1 } },
    );
    expect(rows.map((r) => r.model)).toEqual(['a', 'b']);
    expect(rows.every((r) => r.cost.estimated)).toBe(true);
  });
});
