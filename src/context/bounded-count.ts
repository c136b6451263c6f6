import { estimateTokens } from '../domain/token-heuristic';
import type { TokenCount } from './tokens/token-count';

/**
 * A BPE tokenizer works piece by piece (its pre-tokenizer splits text into words, numbers, punctuation runs), and
 * the JavaScript one takes time quadratic in a piece's length: text without spaces (a minified file, a base64 blob,
 * one repeated letter) is one piece, and 128 K such characters take seconds. So the text is fed to it in segments.
 *
 * A segment ends just before a space that follows a non-space character: in the o200k and cl100k pre-tokenizers a
 * piece may start with that space but never runs across it, so cutting there changes nothing and the sum of the
 * segments' counts is the text's count. A stretch with no such space longer than SEGMENT_CHARS is cut where it
 * reaches that length: a piece is split, which may cost a token more per cut, so that count is marked inexact.
 */
export const SEGMENT_CHARS = 2048;
/** Past this length a text is not tokenized at all: the estimate is used. */
export const EXACT_MAX_CHARS = 2_000_000;
/** Time one text may take; what is left when it runs out is estimated. */
const TEXT_BUDGET_MS = 250;

type CountOptions = {
  /** Counts one segment with the real tokenizer. */
  countSegment: (segment: string) => number;
  now?: () => number;
  budgetMs?: number;
  maxChars?: number;
  segmentChars?: number;
};

/** Where the segment starting at `start` ends, and whether it ends at a cut that keeps the count exact. */
export function segmentEnd(text: string, start: number, max = SEGMENT_CHARS): { end: number; clean: boolean } {
  const limit = start + max;
  if (limit >= text.length) return { end: text.length, clean: true };
  // A plain scan bounded by the segment: lastIndexOf would run back over the whole text on unbroken input.
  for (let i = limit; i > start; i--) {
    if (text.charCodeAt(i) === 32 && !isSpace(text.charCodeAt(i - 1))) return { end: i, clean: true };
  }
  // No safe cut: keep a surrogate pair together.
  const high = text.charCodeAt(limit - 1);
  return { end: high >= 0xd800 && high <= 0xdbff ? limit - 1 : limit, clean: false };
}

function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Counts `text` in segments within the time and length budget; the part past the budget is estimated. */
export function countBounded(text: string, opts: CountOptions): TokenCount {
  const max = opts.maxChars ?? EXACT_MAX_CHARS;
  if (text.length > max) return { tokens: estimateTokens(text), exact: false };
  const now = opts.now ?? (() => performance.now());
  const deadline = now() + (opts.budgetMs ?? TEXT_BUDGET_MS);
  let tokens = 0;
  let exact = true;
  let start = 0;
  while (start < text.length) {
    if (now() > deadline) {
      return { tokens: tokens + estimateTokens(text.slice(start)), exact: false };
    }
    const { end, clean } = segmentEnd(text, start, opts.segmentChars ?? SEGMENT_CHARS);
    tokens += opts.countSegment(text.slice(start, end));
    if (!clean) exact = false;
    start = end;
  }
  return { tokens, exact };
}
