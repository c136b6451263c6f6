import type { Usage } from '../../../domain/messages';
import type { GeminiSafetyRating, GeminiUsageMetadata } from './gemini-stream-types';

// Reasons that mean Google's filters stopped the reply (the loop ends such a turn as a content-filter error).
const FILTERED = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/**
 * The loop's finish reason for Gemini's: STOP is `stop`, or `tool_calls` when the turn asked for calls; MAX_TOKENS
 * is `length`; a filter's reason is `content_filter`; anything else (MALFORMED_FUNCTION_CALL, OTHER, a reason added
 * later) stays as sent, so it is shown in the provider's words rather than passing for a normal end.
 */
export function geminiFinishReason(raw: string, hasToolCalls: boolean): string {
  if (raw === 'STOP') return hasToolCalls ? 'tool_calls' : 'stop';
  if (raw === 'MAX_TOKENS') return 'length';
  if (FILTERED.has(raw)) return 'content_filter';
  return raw;
}

/** Whether a usageMetadata carries counts (Vertex sends `{trafficType}` alone on every chunk but the last). */
export function hasGeminiCounts(u: GeminiUsageMetadata): boolean {
  return (
    typeof u.promptTokenCount === 'number' ||
    typeof u.candidatesTokenCount === 'number' ||
    typeof u.thoughtsTokenCount === 'number' ||
    typeof u.totalTokenCount === 'number'
  );
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * Gemini's counts in the loop's terms: the prompt is every token the model read (the request plus tool-use
 * prompt, cached ones included in promptTokenCount), the completion is the answer plus its thoughts, which
 * Gemini counts apart from candidates.
 */
export function geminiUsage(u: GeminiUsageMetadata): Usage {
  const promptTokens = num(u.promptTokenCount) + num(u.toolUsePromptTokenCount);
  const reasoning = num(u.thoughtsTokenCount);
  const completionTokens = num(u.candidatesTokenCount) + reasoning;
  const totalTokens = typeof u.totalTokenCount === 'number' ? u.totalTokenCount : promptTokens + completionTokens;
  const usage: Usage = { promptTokens, completionTokens, totalTokens, estimated: false };
  if (typeof u.thoughtsTokenCount === 'number') usage.reasoningTokens = reasoning;
  if (typeof u.cachedContentTokenCount === 'number') usage.cachedTokens = u.cachedContentTokenCount;
  return usage;
}

/**
 * The ratings that blocked a reply or a prompt: those flagged `blocked`, or when none is flagged (the prompt
 * feedback often flags none), those rated MEDIUM or HIGH.
 */
export function blockingRatings(ratings: readonly GeminiSafetyRating[] | undefined): GeminiSafetyRating[] {
  if (!Array.isArray(ratings)) return [];
  const flagged = ratings.filter((r) => r.blocked === true);
  if (flagged.length > 0) return flagged;
  return ratings.filter((r) => r.probability === 'MEDIUM' || r.probability === 'HIGH');
}
