import type { TimelineLayout } from './layout';
import type { Bar } from './bar-shape';
import { clampViewport, type Viewport } from './viewport';

type CallHit = { row: number; bar: Bar };

/**
 * The shown call after (or before) `currentCallId` in time order, wrapping around: what Enter
 * (Shift+Enter) in the search box jumps to. Null when no call is shown.
 */
export function stepCall(layout: TimelineLayout, currentCallId: string | null, back = false): CallHit | null {
  const hits = [...layout.callIndex.values()].sort((a, b) => a.bar.start - b.bar.start || a.row - b.row);
  if (hits.length === 0) return null;
  const at = currentCallId === null ? -1 : hits.findIndex((h) => h.bar.callId === currentCallId);
  if (at === -1) return back ? hits[hits.length - 1]! : hits[0]!;
  return hits[(at + (back ? -1 : 1) + hits.length) % hits.length]!;
}

/** A window around [start, end] wide enough to see the call and what happened next to it. */
export function viewAround(start: number, end: number, totalMs: number): Viewport {
  const width = Math.min(Math.max((end - start) * 6, 2_000), Math.max(totalMs, 1));
  // Kept inside the session rather than centred past its start or end: no blank half screen.
  const from = Math.min(Math.max((start + end) / 2 - width / 2, 0), Math.max(0, totalMs - width));
  return clampViewport({ start: from, end: from + width }, totalMs);
}
