import { isRecord } from './is-record';
/**
 * Default prices per model, in US dollars per million tokens, as the providers published them on the date below.
 * Prices change: a person's own price per model (Settings) overrides these, and a model missing from both has an
 * unknown cost, never $0 (architecture.md, "What a run cost").
 */
/** One set of prices, in US dollars per million tokens. */
type Rates = {
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
 * The prices of a call whose prompt is over `tokens` (every token read: fresh, read from and written to the cache).
 * Google and Anthropic charge such a call's every token at these prices, not only the part over the line; a price
 * absent here is this tier's input or output, never the base one.
 */
export type PriceTier = Rates & { tokens: number };

/** A price with no long-prompt tier: what a person's own entry (Settings "Token prices") and the export file carry. */
export type FlatPrice = Rates;

export type ModelPrice = Rates & {
  /** Long-prompt prices; absent: one price at every prompt size. The person's own prices (Settings) have none. */
  above?: PriceTier;
};

/**
 * Every row was checked against LiteLLM's price list (model_prices_and_context_window.json, the commit named in
 * `sources`), which records the providers' published standard-tier prices per token, converted here to dollars per
 * million: the OpenAI rows on 2026-11-23, the Anthropic and Google ones on 2026-12-07 (the table's date), Google's
 * from its `gemini/` entries (the Gemini Developer API, not Vertex AI). The Anthropic rows also match Anthropic's
 * pricing page (`sources`): 5-minute cache writes 1.25x input, cache hits 0.1x; Claude Opus 5 is not among that LiteLLM
 * commit's Anthropic entries and rests on that page alone. Claude Sonnet 4 and 4.5 charge a prompt over 200k tokens
 * (1M context) at their `above` prices, as do Gemini 2.5 Pro and 3.1 Pro: LiteLLM and the providers' pages agree. Gemini 3.7 and 3.8 Flash are not
 * in that LiteLLM commit: their rows come from models.dev (`sources`, citing Google's pricing page); 3.8 Flash's is
 * Google's introductory price, which runs to 2026-12-31 (then $1.50 in, $0.15 cached, $7.50 out), and its input and
 * output agree with Google's page as transcribed in `sources`. Google bills no cache write (context caching charges
 * storage by the hour, which no turn shows), so its rows have no `cacheWrite`; audio input, priced higher on some
 * Gemini models, is charged as text. Left out: models past their shutdown date (Gemini 2.0 Flash, 3 Pro Preview),
 * Google's moving "-latest" aliases, and models no source here priced with a cache price (Claude Haiku 5.5, Opus 5.5,
 * Sonnet 5.5; Gemini 3.5 Flash-Lite). An unknown price says "unknown"; a wrong one would mislead.
 */
const SONNET_4_LONG: PriceTier = { tokens: 200_000, input: 6, cachedInput: 0.6, cacheWrite: 7.5, output: 22.5 };
const GEMINI_3_PRO_LONG: PriceTier = { tokens: 200_000, input: 4, cachedInput: 0.4, output: 18 };

export const PRICE_TABLE = {
  date: '2026-12-07',
  sources: [
    'https://github.com/BerriAI/litellm/blob/00035b69f416be24e2e323c13198d9b7d2d1bdf9/model_prices_and_context_window.json',
    'https://platform.claude.com/docs/en/about-claude/pricing',
    'https://platform.claude.com/docs/en/docs/about-claude/pricing',
    'https://docs.anthropic.com/en/docs/about-claude/pricing',
    'https://platform.claude.com/docs/zh-CN/models/sonnet-5/overview',
    'https://github.com/yologdev/yoagent/releases/tag/v0.27.7',
    'https://ai.google.dev/gemini-api/docs/pricing',
    'https://github.com/api-evangelist/deepmind/blob/47a9772bdb46163b5e5560285bbc88bb11b86073/plans/deepmind-plans-pricing.yml',
    'https://github.com/anomalyco/models.dev/blob/91a19838362bf054937e0e5534d8871762f354f8/providers/google/models/gemini-3.8-flash.toml',
    'https://github.com/anomalyco/models.dev/blob/51cba2e6a4d5bcf6b73faf7333ee7a22063d7564/providers/google/models/gemini-3.7-flash.toml',
    'https://www.morphllm.com/gemini-api-pricing',
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
    'claude-fable-5': { input: 10, cachedInput: 1, cacheWrite: 12.5, output: 50 },
    'claude-opus-4-8': { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 },
    'claude-opus-4-7': { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 },
    'claude-opus-4-6': { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 },
    'claude-opus-4-5': { input: 5, cachedInput: 0.5, cacheWrite: 6.25, output: 25 },
    'claude-opus-4-1': { input: 15, cachedInput: 1.5, cacheWrite: 18.75, output: 75 },
    'claude-opus-4': { input: 15, cachedInput: 1.5, cacheWrite: 18.75, output: 75 },
    'claude-sonnet-5': { input: 2, cachedInput: 0.2, cacheWrite: 2.5, output: 10 },
    'claude-sonnet-4-6': { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 },
    'claude-sonnet-4-5': { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15, above: SONNET_4_LONG },
    'claude-sonnet-4': { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15, above: SONNET_4_LONG },
    'claude-haiku-4-5': { input: 1, cachedInput: 0.1, cacheWrite: 1.25, output: 5 },
    'gemini-3.8-flash': { input: 0.75, cachedInput: 0.075, output: 3.75 },
    'gemini-3.7-flash': { input: 1.5, cachedInput: 0.15, output: 7.5 },
    'gemini-3.5-flash': { input: 1.5, cachedInput: 0.15, output: 9 },
    'gemini-3.1-pro-preview': { input: 2, cachedInput: 0.2, output: 12, above: GEMINI_3_PRO_LONG },
    'gemini-3.1-pro-preview-customtools': { input: 2, cachedInput: 0.2, output: 12, above: GEMINI_3_PRO_LONG },
    'gemini-3.1-flash-lite': { input: 0.25, cachedInput: 0.025, output: 1.5 },
    'gemini-3.1-flash-lite-preview': { input: 0.25, cachedInput: 0.025, output: 1.5 },
    'gemini-3-flash-preview': { input: 0.5, cachedInput: 0.05, output: 3 },
    'gemini-2.5-pro': {
      input: 1.25,
      cachedInput: 0.125,
      output: 10,
      above: { tokens: 200_000, input: 2.5, cachedInput: 0.25, output: 15 },
    },
    'gemini-2.5-flash': { input: 0.3, cachedInput: 0.03, output: 2.5 },
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

const num = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x >= 0;
const opt = (x: unknown) => x === undefined || num(x);

function areRates(r: Record<string, unknown>): boolean {
  return num(r.input) && num(r.output) && opt(r.cachedInput) && opt(r.cacheWrite) && opt(r.reasoning);
}

function isModelPrice(v: unknown): v is ModelPrice {
  if (!isRecord(v) || !areRates(v)) return false;
  const above = v.above;
  return above === undefined || (isRecord(above) && areRates(above) && num(above.tokens));
}

export function isPriceList(v: unknown): v is Record<string, ModelPrice> {
  return isRecord(v) && Object.values(v).every(isModelPrice);
}
