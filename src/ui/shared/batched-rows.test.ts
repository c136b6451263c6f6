import { describe, expect, it } from 'vitest';
import { FIRST_ROWS, ROWS_PER_TASK, nextRowBatch, rowBatchFor, shownRows, type RowBatch } from './batched-rows';

/** What the hook shows task after task for one list, until all of it is shown. */
function tasks(key: string, total: number, from: RowBatch = { key, limit: FIRST_ROWS }): number[] {
  let state = rowBatchFor(from, key);
  const shown = [shownRows(state, total)];
  while (shownRows(state, total) < total) {
    state = nextRowBatch(state, key, total);
    shown.push(shownRows(state, total));
  }
  return shown;
}

describe('batched rows', () => {
  it('shows a short list at once', () => {
    expect(tasks('a', 4)).toEqual([4]);
    expect(tasks('a', 0)).toEqual([0]);
  });

  it('shows a long list one step per task, never more than it has', () => {
    expect(ROWS_PER_TASK).toBe(10);
    expect(tasks('a', 35)).toEqual([10, 20, 30, 35]);
    expect(tasks('a', 200)).toHaveLength(20);
  });

  it('starts over for another list and keeps the count for the same one', () => {
    const grown: RowBatch = { key: 'a', limit: 40 };
    expect(rowBatchFor(grown, 'a')).toBe(grown);
    expect(rowBatchFor(grown, 'b')).toEqual({ key: 'b', limit: FIRST_ROWS });
    expect(tasks('b', 40, grown)).toEqual([10, 20, 30, 40]);
  });

  it('ignores a step meant for a list no longer shown, and follows a list that shrank', () => {
    const b: RowBatch = { key: 'b', limit: FIRST_ROWS };
    expect(nextRowBatch(b, 'a', 40)).toBe(b);
    expect(shownRows({ key: 'a', limit: 40 }, 5)).toBe(5);
  });
});
