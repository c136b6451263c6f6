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

const REPHRASE = 'Rephrase the message and send it again.';

// What each stop that is not a normal end means to the person, and what they can do; an unknown one is named as sent.
const STOP_WORDS: Record<string, [what: string, todo: string]> = {
  MAX_TOKENS: ['the reply reached the token limit (MAX_TOKENS).', 'Raise "Max output tokens" in Settings.'],
  SAFETY: ['its safety filter stopped the reply (SAFETY).', REPHRASE],
  RECITATION: ['the reply recited source material too closely (RECITATION).', 'Ask for it in your own framing.'],
  BLOCKLIST: ['the reply contained a blocked term (BLOCKLIST).', REPHRASE],
  PROHIBITED_CONTENT: ['the reply was prohibited content (PROHIBITED_CONTENT).', REPHRASE],
  SPII: ['the reply held sensitive personal information (SPII).', 'Ask without personal details.'],
  MALFORMED_FUNCTION_CALL: [
    'the model wrote a function call that could not be read (MALFORMED_FUNCTION_CALL).',
    'Retry, or simplify the tools.',
  ],
  OTHER: ['it stopped the reply for an unstated reason (OTHER).', 'Retry.'],
};

/** "harassment (HIGH)" for `{category: 'HARM_CATEGORY_HARASSMENT', probability: 'HIGH'}`. */
function ratingWords(r: GeminiSafetyRating): string {
  const category = typeof r.category === 'string' ? r.category.replace(/^HARM_CATEGORY_/, '') : 'unnamed category';
  const named = category.toLowerCase().replace(/_/g, ' ');
  return typeof r.probability === 'string' ? `${named} (${r.probability})` : named;
}

/**
 * Gemini's stop in words for the person, or null for a normal end (STOP): what happened, the categories when safety
 * ratings blocked it, the provider's own message, and what to do (docs/wire-formats.md, "Stop reasons").
 */
export function geminiStopNote(o: {
  finishReason: string | null;
  blockReason: string | null;
  finishMessage: string | null;
  safety: readonly GeminiSafetyRating[];
}): string | null {
  let what: string;
  let todo: string;
  if (o.blockReason !== null) {
    what = `Gemini blocked the prompt (${o.blockReason}): no reply was written.`;
    todo = REPHRASE;
  } else if (o.finishReason === null || o.finishReason === 'STOP') return null;
  else {
    const known = Object.hasOwn(STOP_WORDS, o.finishReason) ? STOP_WORDS[o.finishReason] : undefined;
    what = `Gemini: ${known?.[0] ?? `it stopped for a reason Toolscope does not know: ${o.finishReason}.`}`;
    todo = known?.[1] ?? 'Retry.';
  }
  const flagged = o.safety.length > 0 ? ` Flagged: ${o.safety.map(ratingWords).join(', ')}.` : '';
  const message = o.finishMessage?.trim() ?? '';
  const said = message === '' ? '' : ` The provider said: ${/[.!?]$/.test(message) ? message : `${message}.`}`;
  return `${what}${flagged}${said} ${todo}`;
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
