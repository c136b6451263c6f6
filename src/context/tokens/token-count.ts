import { estimateTokens } from '../../domain/token-heuristic';

/**
 * Token counts say whether they are exact. Exact: the model's own tokenizer counted the whole text. Estimated: about
 * four characters a token (no tokenizer for this model, not counted yet, or past the time or length budget).
 */
export type TokenCount = { tokens: number; exact: boolean };

/** The encodings the exact counter knows; other models are estimated. */
export type Encoding = 'o200k_base' | 'cl100k_base';

export type TokenCounter = {
  /** The encoding that counts exactly, or null when every count is an estimate. */
  readonly encoding: Encoding | null;
  /** Never blocks: the exact count when it is known (counted before), otherwise the estimate. */
  count(text: string): TokenCount;
  /**
   * Has the texts counted exactly, off the main thread. Resolves once every one is counted or `budgetMs` has passed;
   * counting goes on after that, so a later count() finds the result.
   */
  prepare(texts: readonly string[], budgetMs?: number): Promise<void>;
};

/** A counter from a plain counting function (the estimate, or a test's own rule); nothing to prepare. */
export function counterFrom(count: (text: string) => number, exact = false): TokenCounter {
  return { encoding: null, count: (text) => ({ tokens: count(text), exact }), prepare: async () => undefined };
}

/** The fallback for every model. */
export const heuristicCounter: TokenCounter = counterFrom(estimateTokens);

/** Just the number, for sums that do not need to know. */
export const tokensOf =
  (counter: TokenCounter) =>
  (text: string): number =>
    counter.count(text).tokens;
