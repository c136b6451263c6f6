/** The visible window of the session axis, in ms. */
export type Viewport = { start: number; end: number };

const MIN_SPAN_MS = 1;

export function fitViewport(totalMs: number): Viewport {
  const total = Math.max(totalMs, 10);
  const pad = total * 0.02;
  return { start: -pad, end: total + pad };
}

/** Keeps the window sane: not narrower than MIN_SPAN_MS, not wider than 4x the content, never fully off it. */
export function clampViewport(vp: Viewport, totalMs: number): Viewport {
  const total = Math.max(totalMs, 10);
  const maxSpan = total * 4;
  let span = Math.min(Math.max(vp.end - vp.start, MIN_SPAN_MS), maxSpan);
  if (!Number.isFinite(span)) span = total;
  const center = (vp.start + vp.end) / 2;
  let start = Number.isFinite(center) ? center - span / 2 : 0;
  const minStart = -span * 0.9;
  const maxStart = total - span * 0.1;
  start = Math.min(Math.max(start, minStart), maxStart);
  return { start, end: start + span };
}

/** Zoom by `factor` (< 1 zooms in) keeping the time under `anchorMs` where it is on screen. */
export function zoomAt(vp: Viewport, factor: number, anchorMs: number, totalMs: number): Viewport {
  const start = anchorMs - (anchorMs - vp.start) * factor;
  const end = anchorMs + (vp.end - anchorMs) * factor;
  const span = end - start;
  if (span < MIN_SPAN_MS) {
    const ratio = (anchorMs - vp.start) / (vp.end - vp.start);
    return clampViewport({ start: anchorMs - ratio * MIN_SPAN_MS, end: anchorMs + (1 - ratio) * MIN_SPAN_MS }, totalMs);
  }
  return clampViewport({ start, end }, totalMs);
}

export function panBy(vp: Viewport, deltaMs: number, totalMs: number): Viewport {
  return clampViewport({ start: vp.start + deltaMs, end: vp.end + deltaMs }, totalMs);
}

/** Moves the window (same zoom, or wider if needed) so [start, end] is inside it with a margin. */
export function revealRange(vp: Viewport, start: number, end: number, totalMs: number): Viewport {
  const span = vp.end - vp.start;
  const need = (end - start) * 1.25;
  if (start >= vp.start && end <= vp.end) return vp;
  const width = Math.max(span, need);
  const center = (start + end) / 2;
  return clampViewport({ start: center - width / 2, end: center + width / 2 }, totalMs);
}
