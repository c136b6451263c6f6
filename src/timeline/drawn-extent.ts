import { barText, MIN_BAR_PX, textWidth } from './bar-paint';
import type { Bar } from './bar-shape';
import { packLanes } from './pack-lanes';

/**
 * Tool-call lanes packed by what is drawn, not by time alone (architecture.md, "Timeline layout"): a 3 ms call
 * drawn 2 px wide with its name after it covers far more of the axis than its 3 ms, and a 300 ms call started just
 * after it in the same lane would be drawn over both. What a bar covers depends on the scale, so lanes are packed
 * for a scale; the chart packs again when its zoom crosses a power of two (`laneScale`).
 */

/** Space between a bar and its name drawn after it (timeline-bar.tsx), and between two bars of one lane. */
const LABEL_GAP_PX = 3;
const LANE_GAP_PX = 2;

/**
 * The scale lanes are packed for while the chart draws at `pxPerMs`: the power of two at or below it. Packing for
 * the low end of a doubling holds across all of it, since what a bar covers in ms only shrinks as the scale grows;
 * zooming within a doubling lays nothing out again.
 */
export function laneScale(pxPerMs: number): number {
  if (!Number.isFinite(pxPerMs) || pxPerMs <= 0) return 1;
  return 2 ** Math.floor(Math.log2(pxPerMs));
}

/** Where a bar's drawing ends on the axis at `pxPerMs`: its width (at least MIN_BAR_PX) and its name when that goes after it. */
export function drawnEnd(bar: Bar, pxPerMs: number): number {
  const widthPx = Math.max(MIN_BAR_PX, (bar.end - bar.start) * pxPerMs);
  const label = textWidth(barText(bar));
  // The name goes inside a bar wider than it (bar-paint.ts, labelPlace); otherwise after it.
  const extentPx = widthPx > label ? widthPx : widthPx + LABEL_GAP_PX + label;
  return bar.start + (extentPx + LANE_GAP_PX) / pxPerMs;
}

/** Lanes for a turn's call bars (sorted by start) so no two bars of a lane overlap as drawn at `pxPerMs`. */
export function packDrawn(bars: readonly Bar[], pxPerMs: number): { lanes: number[]; count: number } {
  // An open bar grows with the run: it keeps its lane to itself.
  return packLanes(bars.map((b) => ({ start: b.start, end: b.open ? null : drawnEnd(b, pxPerMs) })));
}
