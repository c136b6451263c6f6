import type { Usage } from './messages';

/**
 * Per-step performance figures (architecture.md, "Step stats"), computed one way for the timeline's details and the
 * OpenTelemetry export. Times are the run's monotonic ms (event `t`).
 */

/** Time to first token: from sending the request to its first streamed token; null when no token came. */
export function timeToFirstTokenMs(start: number, firstTokenAt: number | null): number | null {
  return firstTokenAt === null ? null : Math.max(0, firstTokenAt - start);
}

/**
 * Output tokens per second while the reply streamed (first token to the request's end), as the AI SDK and Phoenix
 * report it. null without usage, without a first token, or when the whole reply came at once (no time to divide by).
 */
export function outputTokensPerSecond(
  firstTokenAt: number | null,
  end: number | null,
  usage: Usage | null,
): number | null {
  if (firstTokenAt === null || end === null || usage === null) return null;
  const streamedMs = end - firstTokenAt;
  if (!(streamedMs > 0)) return null;
  return usage.completionTokens / (streamedMs / 1000);
}

/** "42.5 tokens/s", with "(estimated)" when the provider reported no usage. */
export function tokensPerSecondText(rate: number | null, estimated: boolean): string {
  if (rate === null) return '—';
  const n = rate >= 100 ? Math.round(rate).toLocaleString('en') : rate.toFixed(1);
  return `${n} tokens/s${estimated ? ' (estimated)' : ''}`;
}
