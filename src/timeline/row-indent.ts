/**
 * The waterfall gutter's geometry (docs/screens.md, "Timeline layout"): one home for the chart's gutter
 * (ui/timeline/row-gutter.tsx) and the SVG/PNG export, so the picture indents and joins rows as the screen does.
 */

/** Room left of a run's or turn's name for its fold arrow. */
const FOLD_PX = 16;

/** Where a row's name starts: 10 px deeper per level, after the room for a fold button. */
export function rowNameX(depth: number): number {
  return 20 + depth * 10;
}

/** Where a run's or turn's fold button starts; its arrow (▸ folded, ▾ open) sits 4 px in, the button's padding. */
export function foldButtonX(depth: number): number {
  return rowNameX(depth) - FOLD_PX - 2;
}

/**
 * The connector of a nested row (a span under a call, a call's sampling row): from under its parent's name, down
 * from the row's top to its middle and across to its own name. Calls right under their turn (depth 2) have none.
 */
export function rowConnector(depth: number, y: number, height: number): string | null {
  if (depth <= 2) return null;
  return `M${rowNameX(depth - 1) + 3} ${y}V${y + height / 2}H${rowNameX(depth) - 3}`;
}
