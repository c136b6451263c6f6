import type { TimelineLayout } from './layout';

/**
 * Folded runs and turns (architecture.md, "Timeline layout"): a folded row stays, the rows under it are left out,
 * so the chart, its keyboard moves and its culling see only what is shown. Nothing folded: the same layout.
 */
export function foldLayout(layout: TimelineLayout, folded: ReadonlySet<string>): TimelineLayout {
  if (folded.size === 0) return layout;
  const rows = layout.rows.filter((row) => !row.under.some((key) => folded.has(key)));
  const callIndex: TimelineLayout['callIndex'] = new Map();
  rows.forEach((row, i) => {
    if (row.kind !== 'call') return;
    const bar = row.bars[0];
    if (bar?.callId) callIndex.set(bar.callId, { row: i, bar });
  });
  return { ...layout, rows, callIndex };
}

/** The folded keys left once the rows a call sits under are unfolded (the same set when none of them is folded). */
export function unfoldFor(layout: TimelineLayout, callId: string, folded: ReadonlySet<string>): ReadonlySet<string> {
  const hit = layout.callIndex.get(callId);
  const under = hit === undefined ? [] : (layout.rows[hit.row]?.under ?? []);
  if (!under.some((key) => folded.has(key))) return folded;
  const next = new Set(folded);
  for (const key of under) next.delete(key);
  return next;
}
