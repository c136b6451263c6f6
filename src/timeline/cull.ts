import type { Row } from './layout';
import type { Bar } from './bar-shape';

/** First index whose running max end reaches `t` (maxEnd is non-decreasing). */
function firstReaching(maxEnd: readonly number[], t: number): number {
  let lo = 0;
  let hi = maxEnd.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((maxEnd[mid] ?? Number.NEGATIVE_INFINITY) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Up to this many bars in a row's window are all drawn, even several on one pixel: each stays a button a person
 * (and a test) can reach, and a short session's two quick calls must not look like one.
 */
const DRAW_ALL_UP_TO = 200;

/**
 * The bars of a row that intersect [start, end], found by binary search so a long row costs only
 * what is on screen. When the window holds more than `DRAW_ALL_UP_TO` bars, bars thinner than a pixel
 * that land on the pixel of the previous kept bar are dropped: at that zoom they would paint the same
 * pixel anyway, and zooming in brings them back. Bars in `keep` (the selected one, the one keyboard focus
 * is on or moving to) are never dropped: a bar that is not mounted can be neither outlined nor focused,
 * and arrows that step onto it would stay where they are.
 */
export function visibleBars(row: Row, start: number, end: number, pxPerMs: number, keep?: ReadonlySet<string>): Bar[] {
  const inWindow: Bar[] = [];
  for (let i = firstReaching(row.maxEnd, start); i < row.bars.length; i++) {
    const bar = row.bars[i];
    if (!bar) break;
    if (bar.start > end) break;
    if (bar.end < start) continue;
    inWindow.push(bar);
  }
  if (inWindow.length <= DRAW_ALL_UP_TO) return inWindow;
  const out: Bar[] = [];
  let lastPx = Number.NEGATIVE_INFINITY;
  for (const bar of inWindow) {
    const px0 = Math.floor((bar.start - start) * pxPerMs);
    const widthPx = (bar.end - bar.start) * pxPerMs;
    if (widthPx < 1 && px0 === lastPx && bar.kind !== 'compaction' && !keep?.has(bar.id)) continue;
    lastPx = Math.floor((bar.end - start) * pxPerMs);
    out.push(bar);
  }
  return out;
}

/** Row range [first, last) intersecting the vertical window, with `overscan` rows each side. */
export function visibleRows(
  count: number,
  rowHeight: number,
  scrollTop: number,
  height: number,
  overscan = 4,
): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  return { first, last: Math.max(first, last) };
}
