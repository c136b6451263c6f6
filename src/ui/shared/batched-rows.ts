import { useEffect, useState } from 'react';

/** Rows built with the list, then per later task: about a screenful, so no task builds and lays out a whole long list. */
export const FIRST_ROWS = 10;
export const ROWS_PER_TASK = 10;

/** Which list is shown and how many of its rows may be rendered. */
export type RowBatch = { key: string; limit: number };

/** The batch for list `key`: the same one while that list is shown, the first rows again for another list. */
export function rowBatchFor(state: RowBatch, key: string): RowBatch {
  return state.key === key ? state : { key, limit: FIRST_ROWS };
}

/** How many of the list's `total` rows to render now. */
export function shownRows(state: RowBatch, total: number): number {
  return Math.min(Math.max(state.limit, 0), total);
}

/** The batch after one more task: ROWS_PER_TASK more rows of list `key` (an answer for another list changes nothing). */
export function nextRowBatch(state: RowBatch, key: string, total: number): RowBatch {
  if (state.key !== key) return state;
  return { key, limit: Math.min(total, shownRows(state, total) + ROWS_PER_TASK) };
}

/**
 * How many of a list's `total` rows to render now. The first FIRST_ROWS come at once; each further ROWS_PER_TASK
 * come in a task of their own (a timer), so building, styling and laying out a server's tool rows is spread over
 * short tasks instead of one long one (architecture.md, "MCP in the app"). Another `key` (another server shown)
 * starts over from the first rows.
 */
export function useBatchedRows(key: string, total: number): number {
  const [state, setState] = useState<RowBatch>({ key, limit: FIRST_ROWS });
  const current = rowBatchFor(state, key);
  // Another list shown: reset during render, so the new list is never built whole in one go.
  if (current !== state) setState(current);
  const shown = shownRows(current, total);
  useEffect(() => {
    if (shown >= total) return undefined;
    const timer = setTimeout(() => setState((s) => nextRowBatch(s, key, total)), 0);
    return () => clearTimeout(timer);
  }, [key, shown, total]);
  return shown;
}
