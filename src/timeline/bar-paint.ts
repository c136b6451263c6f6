import type { Bar, SegmentKind } from './bar-shape';
import { SEGMENT_COLORS, STATUS_STYLES } from './outcome-style';

/**
 * How a bar is painted, shared by the live chart and the SVG/PNG export so a saved picture says
 * what the screen said. Where its label goes is timeline/label-place.ts.
 */

/** The font sizes of labels in the plot (.tl-text-in and .tl-text-out, .tl-small in timeline.css). */
export const LABEL_FONT_PX = 11;
export const SMALL_FONT_PX = 10;
/** Space between a label drawn on a fill and the fill's edges. */
export const LABEL_PAD_PX = 4;

/** The narrowest a bar is drawn, however short it was: thinner, it could be neither seen nor clicked. */
export const MIN_BAR_PX = 2;

/** Thickness of a run's line, drawn along the bottom of its row under the run's label. */
export const RUN_LINE_PX = 5;

/** A request that ended well (or is still going) shows its phases in blue; otherwise the outcome colour shows. */
function isBlueRequest(bar: Bar): boolean {
  return bar.kind === 'request' && (bar.status === 'ok' || bar.status === 'running');
}

/** The fill of one phase drawn over the bar, or null when the bar's own colour shows there. */
export function segmentFill(bar: Bar, kind: SegmentKind): string | null {
  switch (kind) {
    case 'queued':
      return SEGMENT_COLORS.queued;
    case 'waiting':
      return SEGMENT_COLORS.waiting;
    case 'approval':
      return SEGMENT_COLORS.approval;
    case 'streaming':
      return isBlueRequest(bar) ? SEGMENT_COLORS.streaming : null;
    default:
      return null;
  }
}

/** On a failed or cancelled request the phases are a band along the top, so the outcome colour is not hidden. */
export function phasesAsBand(bar: Bar): boolean {
  return bar.kind === 'request' && !isBlueRequest(bar);
}

export function segmentHeight(bar: Bar, h: number): number {
  return phasesAsBand(bar) ? Math.max(2, Math.round(h * 0.35)) : h;
}

export function barText(bar: Bar): string {
  return `${STATUS_STYLES[bar.status].icon} ${bar.label}`;
}
