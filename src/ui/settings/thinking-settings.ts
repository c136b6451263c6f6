import type { ApiFormat } from '../../domain/session';

/** Settings only Anthropic Messages and Gemini take (docs/wire-formats.md); absent: not sent. */
export type ThinkingValues = { thinkingBudget?: number; maxOutputTokens?: number; cachePrompt?: boolean };

/** What the fields show: the numbers as typed, so a half-typed one is not lost while it is checked. */
export type ThinkingTexts = { thinkingBudget: string; maxOutputTokens: string; cachePrompt: boolean };

export type ThinkingKey = 'thinkingBudget' | 'maxOutputTokens';

type ThinkingRead = { ok: true; values: ThinkingValues } | { ok: false; key: ThinkingKey; error: string };

/** Anthropic refuses a smaller budget (`budget_tokens` >= 1024). */
const MIN_THINKING_BUDGET = 1024;
const MAX_TOKENS = 10_000_000;

/** The formats these fields belong to; for the others they are hidden and left as they were. */
export function takesThinking(format: ApiFormat): format is 'anthropic' | 'gemini' {
  return format === 'anthropic' || format === 'gemini';
}

export function thinkingTexts(v: ThinkingValues): ThinkingTexts {
  return {
    thinkingBudget: v.thinkingBudget === undefined ? '' : String(v.thinkingBudget),
    maxOutputTokens: v.maxOutputTokens === undefined ? '' : String(v.maxOutputTokens),
    cachePrompt: v.cachePrompt === true,
  };
}

function wholeNumber(text: string): number | null {
  const n = Number(text.trim());
  return Number.isInteger(n) ? n : null;
}

/**
 * Reads the fields for `format`; an error names the field and says what to type instead. The budget must be at least
 * 1024 and below the max output tokens when both are set, since thinking is part of the output (Anthropic refuses
 * otherwise); Gemini also takes 0, which turns thinking off. "Cache the prompt" is Anthropic's only.
 */
export function readThinking(texts: ThinkingTexts, format: 'anthropic' | 'gemini'): ThinkingRead {
  const values: ThinkingValues = {};
  const maxText = texts.maxOutputTokens.trim();
  if (maxText !== '') {
    const max = wholeNumber(maxText);
    if (max === null || max < 1 || max > MAX_TOKENS)
      return {
        ok: false,
        key: 'maxOutputTokens',
        error: 'Max output tokens must be a whole number of at least 1, or empty for the default.',
      };
    values.maxOutputTokens = max;
  }
  const budgetText = texts.thinkingBudget.trim();
  if (budgetText !== '') {
    const budget = wholeNumber(budgetText);
    const off = format === 'gemini' && budget === 0;
    if (budget === null || budget > MAX_TOKENS || (!off && budget < MIN_THINKING_BUDGET))
      return {
        ok: false,
        key: 'thinkingBudget',
        error:
          `The thinking budget must be a whole number of at least ${MIN_THINKING_BUDGET} tokens` +
          `${format === 'gemini' ? ' (0 turns thinking off)' : ''}, or empty for no thinking.`,
      };
    if (!off && values.maxOutputTokens !== undefined && budget >= values.maxOutputTokens)
      return {
        ok: false,
        key: 'thinkingBudget',
        error: `The thinking budget must be below the max output tokens (${values.maxOutputTokens}): thinking is part of the output.`,
      };
    values.thinkingBudget = budget;
  }
  if (format === 'anthropic' && texts.cachePrompt) values.cachePrompt = true;
  return { ok: true, values };
}
