import type { Usage } from './messages';
import type { ModelPrice } from './model-prices';

/** What some tokens cost: known (maybe from estimated tokens, and then said so), or unknown — never a silent $0. */
export type Cost = { kind: 'known'; usd: number; estimated: boolean } | { kind: 'unknown' };

export const UNKNOWN_COST: Cost = { kind: 'unknown' };

/**
 * Cached input (read from and written to the provider's cache) is part of the prompt tokens and reasoning part of
 * the completion tokens, as providers report them (docs/wire-formats.md, "Usage"). Each part is charged at its own
 * price: a cache read at the cached price, a cache write at the write price (Anthropic: 1.25x input for the
 * 5-minute cache), the rest at the input price.
 */
export function costOf(usage: Usage, price: ModelPrice | null): Cost {
  if (!price) return UNKNOWN_COST;
  const cached = Math.min(usage.cachedTokens ?? 0, usage.promptTokens);
  const written = Math.min(usage.cacheWriteTokens ?? 0, usage.promptTokens - cached);
  const reasoning = Math.min(usage.reasoningTokens ?? 0, usage.completionTokens);
  const usd =
    (usage.promptTokens - cached - written) * price.input +
    cached * (price.cachedInput ?? price.input) +
    written * (price.cacheWrite ?? price.input) +
    (usage.completionTokens - reasoning) * price.output +
    reasoning * (price.reasoning ?? price.output);
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
