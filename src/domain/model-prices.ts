import { isRecord } from './is-record';
/**
 * Default prices per model, in US dollars per million tokens, as the providers published them on the date below.
 * Prices change: a person's own price per model (Settings) overrides these, and a model missing from both has an
 * unknown cost, never $0 (architecture.md, "What a run cost").
 */
export type ModelPrice = {
  /** Uncached input (prompt) tokens. */
  input: number;
  /** Input tokens served from the provider's cache; absent: charged as input. */
  cachedInput?: number;
  output: number;
  /** Reasoning tokens (a part of the output); absent: charged as output. */
  reasoning?: number;
};

/**
 * Every row checked on the date below against LiteLLM's price list (model_prices_and_context_window.json, the
 * commit named in `sources`), which records the providers' published standard-tier prices per token; converted
 * here to dollars per million. Models the list did not confirm are left out: an unknown price says "unknown",
 * a wrong one would mislead.
 */
export const PRICE_TABLE = {
  date: '2026-11-23',
  sources: [
    'https://github.com/BerriAI/litellm/blob/00035b69f416be24e2e323c13198d9b7d2d1bdf9/model_prices_and_context_window.json',
  ],
  prices: {
    'gpt-5': { input: 1.25, cachedInput: 0.125, output: 10 },
    'gpt-5-mini': { input: 0.25, cachedInput: 0.025, output: 2 },
    'gpt-5-nano': { input: 0.05, cachedInput: 0.005, output: 0.4 },
    'gpt-5.1': { input: 1.25, cachedInput: 0.125, output: 10 },
    'gpt-5.2': { input: 1.75, cachedInput: 0.175, output: 14 },
    'gpt-5.4': { input: 2.5, cachedInput: 0.25, output: 15 },
    'gpt-5.4-mini': { input: 0.75, cachedInput: 0.075, output: 4.5 },
    'gpt-5.4-nano': { input: 0.2, cachedInput: 0.02, output: 1.25 },
    'gpt-4.1': { input: 2, cachedInput: 0.5, output: 8 },
    'gpt-4.1-mini': { input: 0.4, cachedInput: 0.1, output: 1.6 },
    'gpt-4.1-nano': { input: 0.1, cachedInput: 0.025, output: 0.4 },
    'gpt-4o': { input: 2.5, cachedInput: 1.25, output: 10 },
    // The first gpt-4o snapshot kept its launch price.
    'gpt-4o-2024-05-13': { input: 5, output: 15 },
    'gpt-4o-mini': { input: 0.15, cachedInput: 0.075, output: 0.6 },
    o3: { input: 2, cachedInput: 0.5, output: 8 },
    'o3-mini': { input: 1.1, cachedInput: 0.55, output: 4.4 },
    'o4-mini': { input: 1.1, cachedInput: 0.275, output: 4.4 },
    'claude-opus-4-1': { input: 15, cachedInput: 1.5, output: 75 },
    'claude-opus-4-5': { input: 5, cachedInput: 0.5, output: 25 },
    'claude-sonnet-4': { input: 3, cachedInput: 0.3, output: 15 },
    'claude-sonnet-4-5': { input: 3, cachedInput: 0.3, output: 15 },
    'claude-haiku-4-5': { input: 1, cachedInput: 0.1, output: 5 },
  } satisfies Record<string, ModelPrice>,
} as const;

export type PriceList = Readonly<Record<string, ModelPrice>>;

/**
 * The price of a model: the person's own entry first, then the table. Names match exactly, or as a dated snapshot
 * of a listed name ("gpt-4o-2024-08-06" is gpt-4o, "claude-sonnet-4-20250514" is claude-sonnet-4), after a
 * router's "vendor/" part. Nothing else counts as a match: "gpt-5.4" or "gpt-5-pro" are other models with other
 * prices, not gpt-5, so they stay unknown until listed.
 */
export function priceOf(
  model: string,
  overrides: PriceList = {},
  table: PriceList = PRICE_TABLE.prices,
): ModelPrice | null {
  const name = model.trim().toLowerCase();
  const bare = name.includes('/') ? name.slice(name.lastIndexOf('/') + 1) : name;
  for (const list of [overrides, table]) {
    const hit = lookup(list, name) ?? lookup(list, bare);
    if (hit) return hit;
  }
  return null;
}

/** What a provider appends to a model name for a dated snapshot: -2024-08-06, -20250514, -0613, @20250514. */
const SNAPSHOT = /^[-@](\d{4}-\d{2}-\d{2}|\d{8}|\d{4})$/;

function lookup(list: PriceList, name: string): ModelPrice | null {
  const own = (k: string) => (Object.prototype.hasOwnProperty.call(list, k) ? list[k] : undefined);
  const exact = own(name) ?? Object.entries(list).find(([k]) => k.toLowerCase() === name)?.[1];
  if (exact) return exact;
  let best: { len: number; price: ModelPrice } | null = null;
  for (const [key, price] of Object.entries(list)) {
    const k = key.toLowerCase();
    if (name.startsWith(k) && SNAPSHOT.test(name.slice(k.length)) && (!best || k.length > best.len))
      best = { len: k.length, price };
  }
  return best?.price ?? null;
}

function isModelPrice(v: unknown): v is ModelPrice {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  const num = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x >= 0;
  const opt = (x: unknown) => x === undefined || num(x);
  return num(r.input) && num(r.output) && opt(r.cachedInput) && opt(r.reasoning);
}

export function isPriceList(v: unknown): v is Record<string, ModelPrice> {
  return isRecord(v) && Object.values(v).every(isModelPrice);
}
