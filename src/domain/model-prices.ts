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

export const PRICE_TABLE = {
  date: '2025-08-07',
  sources: ['https://openai.com/api/pricing/', 'https://www.anthropic.com/pricing#api'],
  prices: {
    'gpt-5': { input: 1.25, cachedInput: 0.125, output: 10 },
    'gpt-5-mini': { input: 0.25, cachedInput: 0.025, output: 2 },
    'gpt-5-nano': { input: 0.05, cachedInput: 0.005, output: 0.4 },
    'gpt-4.1': { input: 2, cachedInput: 0.5, output: 8 },
    'gpt-4.1-mini': { input: 0.4, cachedInput: 0.1, output: 1.6 },
    'gpt-4.1-nano': { input: 0.1, cachedInput: 0.025, output: 0.4 },
    'gpt-4o': { input: 2.5, cachedInput: 1.25, output: 10 },
    'gpt-4o-mini': { input: 0.15, cachedInput: 0.075, output: 0.6 },
    o3: { input: 2, cachedInput: 0.5, output: 8 },
    'o4-mini': { input: 1.1, cachedInput: 0.275, output: 4.4 },
    'claude-opus-4-1': { input: 15, cachedInput: 1.5, output: 75 },
    'claude-sonnet-4': { input: 3, cachedInput: 0.3, output: 15 },
    'claude-3-5-haiku': { input: 0.8, cachedInput: 0.08, output: 4 },
  } satisfies Record<string, ModelPrice>,
} as const;

export type PriceList = Readonly<Record<string, ModelPrice>>;

/**
 * The price of a model: the person's own entry first, then the table. Names match exactly or by the longest
 * listed prefix ("gpt-4o-2024-08-06" is gpt-4o, "gpt-4o-mini-…" is gpt-4o-mini), after a router's "vendor/" part.
 */
export function priceOf(model: string, overrides: PriceList = {}, table: PriceList = PRICE_TABLE.prices): ModelPrice | null {
  const name = model.trim().toLowerCase();
  const bare = name.includes('/') ? name.slice(name.lastIndexOf('/') + 1) : name;
  for (const list of [overrides, table]) {
    const hit = lookup(list, name) ?? lookup(list, bare);
    if (hit) return hit;
  }
  return null;
}

function lookup(list: PriceList, name: string): ModelPrice | null {
  const own = (k: string) => (Object.prototype.hasOwnProperty.call(list, k) ? list[k] : undefined);
  const exact = own(name) ?? Object.entries(list).find(([k]) => k.toLowerCase() === name)?.[1];
  if (exact) return exact;
  let best: { len: number; price: ModelPrice } | null = null;
  for (const [key, price] of Object.entries(list)) {
    const k = key.toLowerCase();
    if (name.startsWith(k) && (name.length === k.length || /[-_.:@]/.test(name[k.length] ?? '')) && (!best || k.length > best.len)) best = { len: k.length, price };
  }
  return best?.price ?? null;
}

export function isModelPrice(v: unknown): v is ModelPrice {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  const num = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x >= 0;
  const opt = (x: unknown) => x === undefined || num(x);
  return num(r.input) && num(r.output) && opt(r.cachedInput) && opt(r.reasoning);
}

export function isPriceList(v: unknown): v is Record<string, ModelPrice> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every(isModelPrice);
}
