import type { ErrorInfo } from '../domain/error-info';

type ContextLimitInfo = Extract<ErrorInfo, { kind: 'context_limit' }>;

// How OpenAI, OpenRouter, Groq, vLLM and Anthropic-compatible servers word it.
const CONTEXT_TEXT =
  /maximum context length|context[ _]length|context window|prompt is too long|input is too long for (?:the|this) model/i;
// Only a rejected request can mean this; a 429 "too many tokens per minute" is a rate limit.
const REJECTED = new Set([400, 413, 422]);

const count = (s: string | undefined) => (s === undefined ? 0 : Number(s.replace(/,/g, '')) || 0);

/**
 * A provider saying the request does not fit the model's context window, as the loop's own
 * context_limit error (never retried: the same request fails the same way), or null when the
 * error is something else. `status` is null for an error sent inside a stream. `said` is the
 * provider's (already redacted) message; the token counts are read from it when it gives them.
 */
export function contextLimitFromProvider(
  status: number | null,
  code: string | null,
  said: string,
): ContextLimitInfo | null {
  if (status !== null && !REJECTED.has(status)) return null;
  if (code !== 'context_length_exceeded' && !CONTEXT_TEXT.test(said)) return null;
  const limitTokens = count(
    /maximum context length is ([\d,]+)/i.exec(said)?.[1] ?? /([\d,]+) (?:tokens )?maximum/i.exec(said)?.[1],
  );
  const estimatedTokens = count(
    /(?:resulted in|requested(?: about)?|you have|prompt (?:has|contains)) ([\d,]+)/i.exec(said)?.[1] ??
      /too long: ([\d,]+)/i.exec(said)?.[1],
  );
  const sizes =
    limitTokens > 0 && estimatedTokens > 0
      ? ` (about ${estimatedTokens} tokens; the model takes ${limitTokens})`
      : limitTokens > 0
        ? ` (the model takes ${limitTokens} tokens)`
        : '';
  const where = status !== null ? ` (HTTP ${status})` : '';
  const message =
    `The conversation is too long for this model's context window${sizes}, so the provider rejected ` +
    `the request${where}. Compact the session or start a new one.${said ? ` The provider said: ${said}` : ''}`;
  return { fault: 'user', kind: 'context_limit', limitTokens, estimatedTokens, message };
}
