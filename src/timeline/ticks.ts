import { textPx } from './text-width';
/** Round tick step (1, 2 or 5 times a power of ten ms) so that about `target` ticks fit the span. */
export function tickStep(spanMs: number, target: number): number {
  const raw = spanMs / Math.max(1, target);
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const pow = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) {
    if (m * pow >= raw) return m * pow;
  }
  return 10 * pow;
}

/** Tick positions covering [start, end] on multiples of the step. */
export function ticks(start: number, end: number, target: number): { step: number; values: number[] } {
  const step = tickStep(end - start, target);
  const values: number[] = [];
  const first = Math.ceil(start / step) * step;
  for (let v = first; v <= end + step * 1e-9 && values.length < 1000; v += step) {
    // Floating steps drift (0.1 + 0.2); snap to the step grid.
    values.push(Math.round(v / step) * step + 0);
  }
  return { step, values };
}

/**
 * Where a tick's label goes: just after its line, or just before it when it would pass the plot's right edge (a
 * label is never cut; screens.md, "Timeline layout"). The chart's axis and the export share it.
 */
export function tickLabelPlace(
  tx: number,
  text: string,
  right: number,
  fontPx: number,
): { x: number; anchor: 'start' | 'end' } {
  return tx + 3 + textPx(text, fontPx) <= right ? { x: tx + 3, anchor: 'start' } : { x: tx - 3, anchor: 'end' };
}
