/** Thresholds, as fractions of the context window. */
export const CONTEXT_WARN_FRACTION = 0.8;
export const CONTEXT_HARD_FRACTION = 0.95;
export const CONTEXT_COMPACT_TARGET_FRACTION = 0.82;

type BudgetLevel = 'ok' | 'warn' | 'compact';

export type BudgetStatus = { tokens: number; limit: number; fraction: number; level: BudgetLevel };

export function budgetStatus(tokens: number, limit: number): BudgetStatus {
  const fraction = limit > 0 ? tokens / limit : 1;
  const level: BudgetLevel =
    fraction >= CONTEXT_HARD_FRACTION ? 'compact' : fraction >= CONTEXT_WARN_FRACTION ? 'warn' : 'ok';
  return { tokens, limit, fraction, level };
}
