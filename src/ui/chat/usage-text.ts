import type { Usage } from '../../domain/messages';

const n = (x: number) => x.toLocaleString('en-US');

/**
 * The input and output counts, and of the input what was written to and read from the provider's prompt cache when
 * the provider said so (docs/wire-formats.md, "Usage"): "1,234 in (800 written to cache, 300 read from cache), 56 out".
 * A cache figure of zero is left out, so a turn without cache figures reads as before.
 */
export function tokensInOut(u: Usage): string {
  const cache = [
    ...(u.cacheWriteTokens ? [`${n(u.cacheWriteTokens)} written to cache`] : []),
    ...(u.cachedTokens ? [`${n(u.cachedTokens)} read from cache`] : []),
  ];
  const input = cache.length > 0 ? `${n(u.promptTokens)} in (${cache.join(', ')})` : `${n(u.promptTokens)} in`;
  return `${input}, ${n(u.completionTokens)} out`;
}

export function usageText(u: Usage): string {
  return `${n(u.totalTokens)} tokens (${tokensInOut(u)})${u.estimated ? ', estimated' : ''}`;
}
