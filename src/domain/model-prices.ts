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
  /** Input tokens written to the provider's cache (Anthropic's 5-minute cache); absent: charged as input. */
  cacheWrite?: number;
  output: number;
  /** Reasoning tokens (a part of the output); absent: charged as output. */
  reasoning?: number;
};

/**
 * The OpenAI rows were checked on 2026-11-23 against LiteLLM's price list (model_prices_and_context_window.json, the
 * commit named in `sources`), which records the providers' published standard-tier prices per token; converted
 * here to dollars per million. The Anthropic rows were checked on 2026-12-06 (the table's date) against Anthropic's
 * pricing page and model pages (`sources`): base input, 5-minute cache writes (1.25x input), cache hits (0.1x) and
 * output. The Google row was checked the same day (Google's pricing page as quoted by the pages in `sources`).
 * Left out: models priced by prompt length (Claude Haiku 5.5; Gemini 3.1 Pro, 3 Flash, 2.5 Pro over 200k tokens),
 * whose one price here would be wrong for long prompts, and models whose cache prices the pages did not agree on
 * (Claude Opus 5.5, Sonnet 5.5, Fable; Gemini 3.5 Flash). An unknown price says "unknown"; a wrong one would mislead.
 */
export const PRICE_TABLE = {
  date: '2026-12-06',
  sources: [
    'https://github.com/BerriAI/litellm/blob/00035b69f416be24e2e323c13198d9b7d2d1bdf9/model_prices_and_context_window.json',
    'https://platform.claude.com/docs/en/about-claude/pricing',
    'https://platform.claude.com/docs/en/docs/about-claude/pricing',
    'https://platform.claude.com/docs/zh-CN/models/sonnet-5/overview',
    'https://www.morphllm.com/gemini-api-pricing',
    'https://github.com/yologdev/yoagent/releases/tag/v0.27.7',
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
    'claude-opus-5': { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 },
    'claude-opus-4-8': { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 },
    'claude-opus-4-7': { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 },
    'claude-opus-4-6': { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 },
    'claude-opus-4-5': { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 },
    'claude-opus-4-1': { input: 15, cachedInput: 1.5, cacheWrite: 18.75, output: 75 },
    'claude-opus-4': { input: 15, cachedInput: 1.5, cacheWrite: 18.75, output: 75 },
    'claude-sonnet-5': { input: 2, cachedInput: 0.2, cacheWrite: 2.5, output: 10 },
    'claude-sonnet-4-6': { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 },
    'claude-sonnet-4-5': { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 },
    'claude-sonnet-4': { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 },
    'claude-haiku-4-5': { input: 1, cachedInput: 0.1, cacheWrite: 1.25, output: 5 },
    // Gemini charges no cache write on implicit caching: a read is the cached price, the rest input.
    'gemini-2.5-flash-lite': { input: 0.1, cachedInput: 0.01, output: 0.4 },
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
  return num(r.input) && num(r.output) && opt(r.cachedInput) && opt(r.cacheWrite) && opt(r.reasoning);
}

export function isPriceList(v: unknown): v is Record<string, ModelPrice> {
  return isRecord(v) && Object.values(v).every(isModelPrice);
}
