import type { Bar } from './bar-shape';
import {
  barText,
  LABEL_FONT_PX,
  LABEL_PAD_PX,
  MIN_BAR_PX,
  phasesAsBand,
  segmentFill,
  SMALL_FONT_PX,
} from './bar-paint';
import { labelInk, MIN_TEXT_CONTRAST } from './label-contrast';
import { STATUS_STYLES } from './outcome-style';
import { textPx } from './text-width';

/**
 * Where each bar's label goes (screens.md, "Timeline layout"), the same for the chart and the SVG/PNG export:
 * whole inside the plot, over no other label or bar, and, on a bar, over one fill it holds 4.5:1 against. In turn:
 * inside the bar on the widest single fill it fits on, after the bar, before it, then the outcome icon alone the same
 * three ways, then nothing (the bar's accessible name still says everything).
 */

/** Space between a bar and a label beside it, and between a label and the next thing drawn. */
const GAP_PX = 3;
/** A compaction's diamond and a View event's point are drawn this far either side of their time. */
const POINT_HALF_PX = 6;
/** The open edge drawn after a bar still running. */
const OPEN_EDGE_PX = 6;

/** The time-to-px mapping and the plot's left and right edges in the same px. */
export type PlotFrame = { x: (ms: number) => number; left: number; right: number };

type Placed = { text: string; x: number; anchor: 'start' | 'middle' | 'end'; left: number; right: number };

/**
 * `inside`: on a fill of the bar, in `ink`. `after`/`before`: beside the bar. `above`: a run's label over its line.
 * `gap`: a backoff's label in a break of its dashed line. All but `inside` are on the plot's background.
 */
export type LabelPlan =
  | { place: 'none' }
  | (Placed & { place: 'inside'; ink: string })
  | (Placed & { place: 'after' | 'before' | 'above' | 'gap' });

const NONE: LabelPlan = { place: 'none' };

/** A stretch of a bar painted in one fill top to bottom; `fill` null where a band of phases lies over the colour. */
type FillRun = { l: number; r: number; fill: string | null };

/** Where a bar's own drawing starts and ends on the plot, in px. */
export function drawnSpan(bar: Bar, x: (ms: number) => number): { l: number; r: number } {
  const x0 = x(bar.start);
  if (bar.kind === 'compaction' || bar.kind === 'view') return { l: x0 - POINT_HALF_PX, r: x0 + POINT_HALF_PX };
  const w = Math.max(MIN_BAR_PX, x(bar.end) - x0);
  return { l: x0, r: x0 + w + (bar.open ? OPEN_EDGE_PX : 0) };
}

/** The bar's colour and its phases drawn over it (in paint order), cut into stretches of one fill each. */
export function fillRuns(bar: Bar, x: (ms: number) => number): FillRun[] {
  const x0 = x(bar.start);
  const paints: FillRun[] = [
    { l: x0, r: x0 + Math.max(MIN_BAR_PX, x(bar.end) - x0), fill: STATUS_STYLES[bar.status].color },
  ];
  const band = phasesAsBand(bar);
  for (const s of bar.segments) {
    const fill = segmentFill(bar, s.kind);
    if (!fill) continue;
    const l = x(s.start);
    paints.push({ l, r: l + Math.max(1, x(s.end) - l), fill: band ? null : fill });
  }
  const edges = [...new Set(paints.flatMap((p) => [p.l, p.r]))].sort((a, b) => a - b);
  const runs: FillRun[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const [a, b] = [edges[i] ?? 0, edges[i + 1] ?? 0];
    const top = paints.findLast((p) => p.l <= a && p.r >= b);
    if (!top) continue;
    const last = runs.at(-1);
    if (last && last.r === a && last.fill === top.fill) last.r = b;
    else runs.push({ l: a, r: b, fill: top.fill });
  }
  return runs;
}

/** Free px for a label beside a bar: from `l` (after the previous drawing) to `r` (before the next). */
type Room = { l: number; r: number };

function inside(runs: readonly FillRun[], text: string, frame: PlotFrame, nextLeft: number): LabelPlan | null {
  const tw = textPx(text, LABEL_FONT_PX);
  let best: (LabelPlan & { place: 'inside' }) | null = null;
  let bestWidth = 0;
  for (const run of runs) {
    if (run.fill === null) continue;
    const l = Math.max(run.l, frame.left);
    const r = Math.min(run.r, frame.right, nextLeft);
    const { ink, ratio } = labelInk(run.fill);
    if (r - l < tw + 2 * LABEL_PAD_PX || ratio < MIN_TEXT_CONTRAST || r - l <= bestWidth) continue;
    bestWidth = r - l;
    const left = l + LABEL_PAD_PX;
    best = { place: 'inside', text, x: left, anchor: 'start', left, right: left + tw, ink };
  }
  return best;
}

function beside(span: { l: number; r: number }, text: string, fontPx: number, room: Room): LabelPlan | null {
  const tw = textPx(text, fontPx);
  const after = span.r + GAP_PX;
  if (after + tw <= room.r && after >= room.l)
    return { place: 'after', text, x: after, anchor: 'start', left: after, right: after + tw };
  const before = span.l - GAP_PX;
  if (before - tw >= room.l && before <= room.r)
    return { place: 'before', text, x: before, anchor: 'end', left: before - tw, right: before };
  return null;
}

/** A run's label over its line: its full text, else shorter ones, kept inside the room. */
function above(bar: Bar, x0: number, room: Room): LabelPlan | null {
  const icon = STATUS_STYLES[bar.status].icon;
  for (const text of [barText(bar), `${icon} ${bar.name} · ${bar.note}`, `${icon} ${bar.name}`, icon]) {
    const tw = textPx(text, SMALL_FONT_PX);
    if (tw > room.r - room.l) continue;
    const left = Math.min(Math.max(x0 + LABEL_PAD_PX, room.l), room.r - tw);
    return { place: 'above', text, x: left, anchor: 'start', left, right: left + tw };
  }
  return null;
}

/** A backoff's label in a break of its dashed line when the line is long enough, else beside it. */
function backoffLabel(bar: Bar, frame: PlotFrame, room: Room): LabelPlan | null {
  const text = `↻ ${bar.label}`;
  const tw = textPx(text, SMALL_FONT_PX);
  const span = drawnSpan(bar, frame.x);
  // The line's rect is see-through: what was drawn before it in the row shows under a label there.
  const l = Math.max(span.l, room.l);
  const r = Math.min(span.r, room.r);
  if (r - l >= tw + 4 * GAP_PX) {
    const mid = (l + r) / 2;
    return { place: 'gap', text, x: mid, anchor: 'middle', left: mid - tw / 2, right: mid + tw / 2 };
  }
  return beside(span, text, SMALL_FONT_PX, room);
}

function planBar(bar: Bar, frame: PlotFrame, room: Room, nextLeft: number): LabelPlan {
  const span = drawnSpan(bar, frame.x);
  const icon = STATUS_STYLES[bar.status].icon;
  switch (bar.kind) {
    case 'run':
      return above(bar, frame.x(bar.start), room) ?? NONE;
    case 'backoff':
      return backoffLabel(bar, frame, room) ?? NONE;
    case 'compaction':
      return beside(span, '⇊', LABEL_FONT_PX, room) ?? NONE;
    case 'view':
      return bar.viewEvent?.outcome === 'notice' ? NONE : (beside(span, icon, LABEL_FONT_PX, room) ?? NONE);
    default: {
      const text = barText(bar);
      // A trace's generic span is drawn see-through: no one colour lies under a label on it.
      const runs = bar.span ? [] : fillRuns(bar, frame.x);
      return (
        inside(runs, text, frame, nextLeft) ??
        beside(span, text, LABEL_FONT_PX, room) ??
        inside(runs, icon, frame, nextLeft) ??
        beside(span, icon, LABEL_FONT_PX, room) ??
        NONE
      );
    }
  }
}

/**
 * Labels of one row's bars (sorted by start, as drawn). Left to right: a label beside a bar ends before the next
 * bar's drawing starts and starts after everything drawn before it, labels included.
 */
export function placeRowLabels(bars: readonly Bar[], frame: PlotFrame): LabelPlan[] {
  const nextLeft: number[] = new Array<number>(bars.length);
  let min = Number.POSITIVE_INFINITY;
  for (let i = bars.length - 1; i >= 0; i--) {
    nextLeft[i] = min;
    const bar = bars[i];
    if (bar) min = Math.min(min, drawnSpan(bar, frame.x).l);
  }
  let drawnUpTo = Number.NEGATIVE_INFINITY;
  return bars.map((bar, i) => {
    const next = nextLeft[i] ?? Number.POSITIVE_INFINITY;
    const room = { l: Math.max(frame.left, drawnUpTo + GAP_PX), r: Math.min(frame.right, next - GAP_PX) };
    const plan = planBar(bar, frame, room, next);
    drawnUpTo = Math.max(drawnUpTo, drawnSpan(bar, frame.x).r, plan.place === 'none' ? drawnUpTo : plan.right);
    return plan;
  });
}

const planned = new WeakMap<readonly Bar[], PlotFrame & { plans: LabelPlan[] }>();

/** placeRowLabels, kept while the row's bars and the frame stay the same: the chart asks once per bar drawn. */
export function rowLabels(bars: readonly Bar[], frame: PlotFrame): LabelPlan[] {
  const hit = planned.get(bars);
  if (hit && hit.x === frame.x && hit.left === frame.left && hit.right === frame.right) return hit.plans;
  const plans = placeRowLabels(bars, frame);
  planned.set(bars, { ...frame, plans });
  return plans;
}
