import { describe, expect, it } from 'vitest';
import { addCost, costOf, costText, UNKNOWN_COST, ZERO_COST } from './cost';
import { isPriceList, priceOf, PRICE_TABLE } from './model-prices';
import type { Usage } from './messages';

const usage = (p: number, c: number, extra: Partial<Usage> = {}): Usage => ({
  promptTokens: p,
  completionTokens: c,
  totalTokens: p + c,
  estimated: false,
  ...extra,
});

describe('priceOf', () => {
  it('finds exact names, dated snapshots by the longest prefix, and router-prefixed names', () => {
    expect(priceOf('gpt-4o')).toEqual(PRICE_TABLE.prices['gpt-4o']);
    expect(priceOf('gpt-4o-2024-08-06')).toEqual(PRICE_TABLE.prices['gpt-4o']);
    expect(priceOf('gpt-4o-mini-2024-07-18')).toEqual(PRICE_TABLE.prices['gpt-4o-mini']);
    expect(priceOf('openai/gpt-4.1-nano')).toEqual(PRICE_TABLE.prices['gpt-4.1-nano']);
    expect(priceOf('claude-sonnet-4-20250514')).toEqual(PRICE_TABLE.prices['claude-sonnet-4']);
    expect(priceOf('claude-sonnet-4-5-20250929')).toEqual(PRICE_TABLE.prices['claude-sonnet-4-5']);
    expect(priceOf('gpt-5.4-mini')).toEqual({ input: 0.75, cachedInput: 0.075, output: 4.5 });
    // A listed snapshot with its own price wins over its family's row.
    expect(priceOf('gpt-4o-2024-05-13')).toEqual({ input: 5, output: 15 });
  });
  it('knows nothing of unknown models and does not match a longer word', () => {
    expect(priceOf('llama3.2')).toBeNull();
    expect(priceOf('gpt-4oz')).toBeNull();
    // Another model of the family is not the listed one: its price stays unknown rather than wrong.
    expect(priceOf('gpt-5-pro')).toBeNull();
    expect(priceOf('gpt-5.5')).toBeNull();
    expect(priceOf('gpt-4o-audio-preview')).toBeNull();
    expect(priceOf('constructor')).toBeNull();
  });
  it("lets a person's own price override the table", () => {
    const own = { 'gpt-4o': { input: 1, output: 2 } };
    expect(priceOf('gpt-4o-2024-08-06', own)).toEqual({ input: 1, output: 2 });
    expect(priceOf('my-local-model', { 'my-local-model': { input: 0, output: 0 } })).toEqual({ input: 0, output: 0 });
  });
  it('the table is dated and names its sources', () => {
    expect(PRICE_TABLE.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(PRICE_TABLE.sources.every((s) => s.startsWith('https://'))).toBe(true);
    expect(isPriceList(PRICE_TABLE.prices)).toBe(true);
    expect(isPriceList({ x: { input: -1, output: 1 } })).toBe(false);
  });
});

describe('costOf', () => {
  it('charges cache writes and reads as Anthropic does: writes 1.25x input, reads 0.1x (claude-sonnet-4-5)', () => {
    // 10,000 read in all: 6,000 from the cache, 3,000 written to it, 1,000 fresh; 500 out.
    const u = usage(10_000, 500, { cachedTokens: 6_000, cacheWriteTokens: 3_000 });
    const price = priceOf('claude-sonnet-4-5-20250929');
    expect(price).toMatchObject({ input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 });
    const cost = costOf(u, price);
    expect(cost.kind === 'known' && cost.usd).toBeCloseTo(
      (1_000 * 3 + 6_000 * 0.3 + 3_000 * 3.75 + 500 * 15) / 1e6,
      12,
    );
  });
  it('charges a cache write at the input price when the price has none, and never more tokens than were read', () => {
    const plain = { input: 2, output: 8 };
    expect(costOf(usage(1_000_000, 0, { cacheWriteTokens: 400_000 }), plain)).toEqual(
      costOf(usage(1_000_000, 0), plain),
    );
    // A count past the prompt (a provider's rounding) is capped: reads first, then writes, never a negative fresh part.
    const capped = costOf(usage(100, 0, { cachedTokens: 80, cacheWriteTokens: 50 }), { ...plain, cacheWrite: 10 });
    expect(capped.kind === 'known' && capped.usd).toBeCloseTo((80 * 2 + 20 * 10) / 1e6, 12);
  });
  it("prices Gemini's cache reads at its cached price (gemini-2.5-flash-lite)", () => {
    const cost = costOf(usage(1_000_000, 0, { cachedTokens: 500_000 }), priceOf('gemini-2.5-flash-lite'));
    expect(cost.kind === 'known' && cost.usd).toBeCloseTo(0.5 * 0.1 + 0.5 * 0.01, 12);
  });
  it("prices one call over a model's long-prompt line wholly at the long prices (gemini-2.5-pro)", () => {
    const pro = priceOf('gemini-2.5-pro');
    // At the line: the base prices. One token past it: every token, cached and output too, at the long ones.
    const at = costOf(usage(200_000, 1_000, { cachedTokens: 100_000 }), pro, 'one call');
    expect(at.kind === 'known' && at.usd).toBeCloseTo((100_000 * 1.25 + 100_000 * 0.125 + 1_000 * 10) / 1e6, 12);
    const past = costOf(usage(200_001, 1_000, { cachedTokens: 100_000 }), pro, 'one call');
    expect(past.kind === 'known' && past.usd).toBeCloseTo((100_001 * 2.5 + 100_000 * 0.25 + 1_000 * 15) / 1e6, 12);
  });
  it("counts cache reads and writes in a Claude call's prompt size and prices them long (claude-sonnet-4-5)", () => {
    // 150,000 read from the cache + 60,000 written + 1,000 fresh = 211,000: past the line.
    const u = usage(211_000, 2_000, { cachedTokens: 150_000, cacheWriteTokens: 60_000 });
    const cost = costOf(u, priceOf('claude-sonnet-4-5'), 'one call');
    expect(cost.kind === 'known' && cost.usd).toBeCloseTo(
      (1_000 * 6 + 150_000 * 0.6 + 60_000 * 7.5 + 2_000 * 22.5) / 1e6,
      12,
    );
  });
  it('prices a sum of calls at the base prices, as its calls were each under the line (the default)', () => {
    const pro = priceOf('gemini-3.1-pro-preview');
    // Three calls of 100,000 each: 300,000 summed, none past 200,000.
    const summed = usage(300_000, 3_000);
    const base = (300_000 * 2 + 3_000 * 12) / 1e6;
    expect(costOf(summed, pro)).toEqual({ kind: 'known', usd: base, estimated: false });
    expect(costOf(summed, pro, 'summed')).toEqual(costOf(summed, pro));
    // A price with no tier is the same whatever the span.
    expect(costOf(usage(900_000, 10), priceOf('gemini-2.5-flash'), 'one call')).toEqual(
      costOf(usage(900_000, 10), priceOf('gemini-2.5-flash')),
    );
  });
  const price = { input: 2, cachedInput: 0.5, output: 8, reasoning: 10 };
  it('charges uncached input, cached input, output and reasoning at their own prices', () => {
    // 1,000,000 prompt of which 400,000 cached; 100,000 completion of which 20,000 reasoning.
    const cost = costOf(usage(1_000_000, 100_000, { cachedTokens: 400_000, reasoningTokens: 20_000 }), price);
    expect(cost).toEqual({ kind: 'known', usd: 0.6 * 2 + 0.4 * 0.5 + 0.08 * 8 + 0.02 * 10, estimated: false });
  });
  it('falls back to the input and output prices when cached and reasoning have none', () => {
    const cost = costOf(usage(500_000, 250_000, { cachedTokens: 100_000, reasoningTokens: 50_000 }), {
      input: 1,
      output: 4,
    });
    expect(cost.kind === 'known' && cost.usd).toBeCloseTo(0.5 + 1, 10);
  });
  it('an unknown price is an unknown cost, never $0', () => {
    expect(costOf(usage(10, 10), null)).toEqual(UNKNOWN_COST);
    expect(costText(UNKNOWN_COST)).toBe('cost not known');
  });
  it('estimated tokens make an estimated cost that says so', () => {
    const cost = costOf(usage(1_000_000, 0, { estimated: true }), { input: 3, output: 1 });
    expect(cost).toEqual({ kind: 'known', usd: 3, estimated: true });
    expect(costText(cost)).toBe('~$3.00 (estimated)');
  });
  it('sums turns into a run and runs into a session; one unknown part makes the sum unknown', () => {
    const p = { input: 1, output: 1 };
    const turns = [costOf(usage(1000, 1000), p), costOf(usage(2000, 3000), p)];
    const run = turns.reduce(addCost, ZERO_COST);
    expect(run.kind === 'known' && run.usd).toBeCloseTo(0.007, 10);
    expect(costText(run)).toBe('$0.0070');
    expect(addCost(run, costOf(usage(1, 1), null))).toEqual(UNKNOWN_COST);
    expect(costText(addCost(run, costOf(usage(10_000_000, 0), p)))).toBe('$10.01');
  });
});
