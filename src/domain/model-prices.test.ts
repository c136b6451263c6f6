import { describe, expect, it } from 'vitest';
import { isPriceList, priceOf, PRICE_TABLE, type ModelPrice } from './model-prices';

const rows: [string, ModelPrice][] = Object.entries(PRICE_TABLE.prices);

describe('the price table: Anthropic and Google', () => {
  it("finds Gemini models by the names the Developer API lists, with or without its 'models/' part", () => {
    expect(priceOf('models/gemini-2.5-flash')).toEqual({ input: 0.3, cachedInput: 0.03, output: 2.5 });
    expect(priceOf('gemini-3.5-flash')).toEqual({ input: 1.5, cachedInput: 0.15, output: 9 });
    expect(priceOf('gemini-3-flash-preview')).toEqual({ input: 0.5, cachedInput: 0.05, output: 3 });
    expect(priceOf('gemini-3.1-pro-preview-customtools')).toEqual(priceOf('gemini-3.1-pro-preview'));
    expect(priceOf('claude-fable-5')).toEqual({ input: 10, cachedInput: 1, cacheWrite: 12.5, output: 50 });
  });
  it('leaves shut-down models and moving aliases unknown rather than priced as another model', () => {
    expect(priceOf('gemini-3-pro-preview')).toBeNull();
    expect(priceOf('gemini-2.0-flash')).toBeNull();
    expect(priceOf('gemini-flash-latest')).toBeNull();
    expect(priceOf('gemini-3.5-flash-lite')).toBeNull();
  });
  it('carries the long-prompt prices of the models that have them, and only those', () => {
    expect(priceOf('gemini-2.5-pro')?.above).toEqual({ tokens: 200_000, input: 2.5, cachedInput: 0.25, output: 15 });
    expect(priceOf('gemini-3.1-pro-preview')?.above).toEqual({
      tokens: 200_000,
      input: 4,
      cachedInput: 0.4,
      output: 18,
    });
    expect(priceOf('claude-sonnet-4-5-20250929')?.above).toEqual({
      tokens: 200_000,
      input: 6,
      cachedInput: 0.6,
      cacheWrite: 7.5,
      output: 22.5,
    });
    const tiered = rows.filter(([, p]) => p.above !== undefined).map(([m]) => m);
    expect(tiered.sort()).toEqual([
      'claude-sonnet-4',
      'claude-sonnet-4-5',
      'gemini-2.5-pro',
      'gemini-3.1-pro-preview',
      'gemini-3.1-pro-preview-customtools',
    ]);
  });
  it('a long prompt never costs less than a short one, part by part', () => {
    for (const [model, p] of rows) {
      if (!p.above) continue;
      const { above } = p;
      expect(above.input, model).toBeGreaterThanOrEqual(p.input);
      expect(above.output, model).toBeGreaterThanOrEqual(p.output);
      expect(above.cachedInput ?? above.input, model).toBeGreaterThanOrEqual(p.cachedInput ?? p.input);
      expect(above.cacheWrite ?? above.input, model).toBeGreaterThanOrEqual(p.cacheWrite ?? p.input);
    }
  });
  it("Google bills no cache write, so no Gemini row has one; every Claude row has Anthropic's 1.25x and 0.1x", () => {
    for (const [model, p] of rows) {
      if (model.startsWith('gemini-')) expect(p.cacheWrite, model).toBeUndefined();
      if (model.startsWith('claude-')) {
        expect(p.cacheWrite, model).toBeCloseTo(p.input * 1.25, 10);
        expect(p.cachedInput, model).toBeCloseTo(p.input * 0.1, 10);
      }
    }
  });
  it('is dated and names LiteLLM and Google among its sources', () => {
    expect(PRICE_TABLE.date).toBe('2026-12-07');
    expect(PRICE_TABLE.sources.some((s) => s.includes('BerriAI/litellm/blob/'))).toBe(true);
    expect(PRICE_TABLE.sources).toContain('https://ai.google.dev/gemini-api/docs/pricing');
  });
  it('accepts a long-prompt tier only with a line and valid prices', () => {
    expect(isPriceList(PRICE_TABLE.prices)).toBe(true);
    const base = { input: 1, output: 2 };
    expect(isPriceList({ m: { ...base, above: { tokens: 200_000, input: 2, output: 4 } } })).toBe(true);
    expect(isPriceList({ m: { ...base, above: { input: 2, output: 4 } } })).toBe(false);
    expect(isPriceList({ m: { ...base, above: { tokens: 200_000, input: -2, output: 4 } } })).toBe(false);
    expect(isPriceList({ m: { ...base, above: 'long' } })).toBe(false);
  });
});
