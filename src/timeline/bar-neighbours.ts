import type { Row } from './layout';
import type { Bar } from './bar-shape';

export type BarPlace = { row: number; index: number; bar: Bar };
export type BarMove = 'left' | 'right' | 'up' | 'down' | 'first' | 'last';

/** Where each bar sits (row, position in the row), for moving between bars with the keyboard. */
export function placeBars(rows: readonly Row[]): Map<string, BarPlace> {
  const places = new Map<string, BarPlace>();
  rows.forEach((row, r) => row.bars.forEach((bar, index) => places.set(bar.id, { row: r, index, bar })));
  return places;
}

/** The first bar of the first row that has one. */
export function firstBar(rows: readonly Row[]): BarPlace | null {
  for (let r = 0; r < rows.length; r++) {
    const bar = rows[r]?.bars[0];
    if (bar) return { row: r, index: 0, bar };
  }
  return null;
}

/**
 * The bar a key moves to, as in a grid: left and right along the row (in time), up and down to the nearest row
 * that has bars, landing on its bar closest in time; first/last are the session's first and last rows' ends.
 * Null when there is nowhere to go (the edge), so the cursor stays put.
 */
export function neighbourBar(rows: readonly Row[], from: BarPlace, move: BarMove): BarPlace | null {
  const at = (row: number, index: number): BarPlace | null => {
    const bar = rows[row]?.bars[index];
    return bar ? { row, index, bar } : null;
  };
  switch (move) {
    case 'left':
      return at(from.row, from.index - 1);
    case 'right':
      return at(from.row, from.index + 1);
    case 'first':
      return firstBar(rows);
    case 'last': {
      for (let r = rows.length - 1; r >= 0; r--) {
        const n = rows[r]?.bars.length ?? 0;
        if (n > 0) return at(r, n - 1);
      }
      return null;
    }
    case 'up':
    case 'down': {
      const step = move === 'up' ? -1 : 1;
      for (let r = from.row + step; r >= 0 && r < rows.length; r += step) {
        const bars = rows[r]?.bars ?? [];
        if (bars.length === 0) continue;
        let best = 0;
        for (let i = 1; i < bars.length; i++) {
          if (Math.abs((bars[i]?.start ?? 0) - from.bar.start) < Math.abs((bars[best]?.start ?? 0) - from.bar.start))
            best = i;
        }
        return at(r, best);
      }
      return null;
    }
  }
}
