import type { Bar, SegmentKind } from './bar-shape';
import { SEGMENT_COLORS, STATUS_STYLES } from './outcome-style';

/**
 * How a bar is painted, shared by the live chart and the SVG/PNG export so a saved picture says
 * what the screen said.
 */

/** Rough width of one label character at the chart's 11 px font. */
const CHAR_PX = 6.6;
/** Room an outcome icon needs after a bar. */
export const ICON_ROOM_PX = 14;

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
export function segmentHeight(bar: Bar, h: number): number {
  return bar.kind === 'request' && !isBlueRequest(bar) ? Math.max(2, Math.round(h * 0.35)) : h;
}

type LabelPlace = 'inside' | 'after' | 'icon' | 'none';

export function barText(bar: Bar): string {
  return `${STATUS_STYLES[bar.status].icon} ${bar.label}`;
}

export function textWidth(text: string): number {
  return text.length * CHAR_PX + 8;
}

/**
 * Where the icon and name go: inside when they fit, else after the bar when the gap to the next bar
 * in the row allows, else the icon alone (outcome is never told by colour only), else nothing.
 * A thin tool bar without its name would only say "✕", leaving people to hover every bar.
 */
export function labelPlace(bar: Bar, widthPx: number, roomAfterPx: number): LabelPlace {
  const need = textWidth(barText(bar));
  if (widthPx > need) return 'inside';
  if (roomAfterPx >= need) return 'after';
  return roomAfterPx >= ICON_ROOM_PX ? 'icon' : 'none';
}
