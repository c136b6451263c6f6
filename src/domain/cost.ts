import type { Usage } from './messages';
import type { ModelPrice, PriceTier } from './model-prices';

/** What some tokens cost: known (maybe from estimated tokens, and then said so), or unknown — never a silent $0. */
export type Cost = { kind: 'known'; usd: number; estimated: boolean } | { kind: 'unknown' };

export const UNKNOWN_COST: Cost = { kind: 'unknown' };

/**
 * What a usage counts: one model call, whose prompt size picks its prices (Google and Anthropic charge a long prompt
 * more: `ModelPrice.above`), or calls summed, whose sizes are lost (docs/runs.md, "What a run cost").
 */
type UsageSpan = 'one call' | 'summed';

/**
 * Cached input (read from and written to the provider's cache) is part of the prompt tokens and reasoning part of
 * the completion tokens, as providers report them (docs/wire-formats.md, "Usage"). Each part is charged at its own
 * price: a cache read at the cached price, a cache write at the write price (Anthropic: 1.25x input for the
 * 5-minute cache), the rest at the input price. One call whose prompt is over a model's long-prompt line is charged
 * wholly at the long prices; a sum is charged at the base ones, which is exact unless one of its calls passed the
 * line (then it is the least that sum cost).
 */
export function costOf(usage: Usage, price: ModelPrice | null, span: UsageSpan = 'summed'): Cost {
  if (!price) return UNKNOWN_COST;
  const rates: PriceTier | ModelPrice =
    span === 'one call' && price.above && usage.promptTokens > price.above.tokens ? price.above : price;
  const cached = Math.min(usage.cachedTokens ?? 0, usage.promptTokens);
  const written = Math.min(usage.cacheWriteTokens ?? 0, usage.promptTokens - cached);
  const reasoning = Math.min(usage.reasoningTokens ?? 0, usage.completionTokens);
  const usd =
    (usage.promptTokens - cached - written) * rates.input +
    cached * (rates.cachedInput ?? rates.input) +
    written * (rates.cacheWrite ?? rates.input) +
    (usage.completionTokens - reasoning) * rates.output +
    reasoning * (rates.reasoning ?? rates.output);
  return { kind: 'known', usd: usd / 1_000_000, estimated: usage.estimated };
}

/** A sum is known only when every part is. */
export function addCost(a: Cost, b: Cost): Cost {
  if (a.kind === 'unknown' || b.kind === 'unknown') return UNKNOWN_COST;
  return { kind: 'known', usd: a.usd + b.usd, estimated: a.estimated || b.estimated };
}

export const ZERO_COST: Cost = { kind: 'known', usd: 0, estimated: false };

export function costText(cost: Cost): string {
  if (cost.kind === 'unknown') return 'cost not known';
  const digits = cost.usd === 0 ? 2 : cost.usd < 0.01 ? 4 : 2;
  const amount = `$${cost.usd.toFixed(digits)}`;
  return cost.estimated ? `~${amount} (estimated)` : amount;
}
