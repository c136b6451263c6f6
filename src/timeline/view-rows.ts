/**
 * MCP App View events on the chart (architecture.md, "MCP Apps"): one row per View after the runs, each event a
 * point. A View outlives its run, so an event is placed by wall clock: inside the run it happened during, or in
 * the gap after a run (the chart lays runs end to end with short gaps, so a gap's events are spread over it in
 * order); events after the last run get a tail of the same length added to the axis.
 */
import type { McpViewEventRecord, McpViewEventOutcome } from '../domain/mcp-view-event';
import { runGap, Row, TimelineLayout } from './layout';
import type { Bar } from './bar-shape';
import type { RunModel } from './model';
import type { BarStatus } from './outcome-style';
import { placeViewRequest, viewRequestPlaceText } from './view-requests';

const STATUS: Record<McpViewEventOutcome, BarStatus> = {
  ok: 'ok',
  approved: 'ok',
  notice: 'ok',
  refused: 'denied',
  denied: 'denied',
  error: 'error',
};

/** The layout with a row per View whose events fall in it; the same layout when there are none. */
export function withViewRows(
  layout: TimelineLayout,
  runs: readonly RunModel[],
  events: readonly McpViewEventRecord[],
): TimelineLayout {
  if (events.length === 0 || runs.length === 0) return layout;
  const spans = runs.map((r) => ({ index: r.index, startedAt: r.startedAt, duration: r.duration }));
  const last = runs[runs.length - 1];
  const lastEnd = last === undefined ? 0 : last.startedAt + last.duration;
  const latest = Math.max(...events.map((e) => e.at));
  const tail = latest > lastEnd ? runGap(runs) : 0;
  const at = (wall: number): { x: number; run: number } => {
    let pos = -1;
    for (let i = 0; i < runs.length; i++) if ((runs[i]?.startedAt ?? Infinity) <= wall) pos = i;
    const run = runs[pos];
    const offset = layout.runOffsets[pos];
    if (run === undefined || offset === undefined) return { x: 0, run: 0 };
    const into = wall - run.startedAt;
    if (into <= run.duration) return { x: offset + into, run: pos };
    const end = offset + run.duration;
    const next = runs[pos + 1];
    const nextOffset = layout.runOffsets[pos + 1];
    if (next === undefined || nextOffset === undefined)
      return { x: end + tail * ((into - run.duration) / Math.max(1, latest - lastEnd)), run: pos };
    const wallGap = Math.max(1, next.startedAt - (run.startedAt + run.duration));
    return { x: end + (nextOffset - end) * Math.min(1, (into - run.duration) / wallGap), run: pos };
  };

  const byView = new Map<string, McpViewEventRecord[]>();
  for (const e of [...events].sort((a, b) => a.at - b.at || a.seq - b.seq)) {
    const list = byView.get(e.callId);
    if (list === undefined) byView.set(e.callId, [e]);
    else list.push(e);
  }
  const rows: Row[] = [];
  for (const [callId, list] of byView) {
    const first = list[0];
    if (first === undefined) continue;
    const bars = list.map((e): Bar => {
      const p = at(e.at);
      const run = runs[p.run];
      return {
        id: `view:${callId}:${e.seq}`,
        kind: 'view',
        status: STATUS[e.outcome],
        start: p.x,
        end: p.x,
        open: false,
        runOffset: layout.runOffsets[p.run] ?? 0,
        runIndex: run?.index ?? 0,
        turn: null,
        lane: null,
        callId: null,
        attempt: null,
        label: `${e.method} · ${e.outcome}`,
        name: `${e.toolName} view · ${e.method} · ${e.outcome} · ${viewRequestPlaceText(placeViewRequest(e.at, spans))}`,
        note: '',
        approvalMs: null,
        segments: [],
        viewEvent: e,
      };
    });
    let max = Number.NEGATIVE_INFINITY;
    rows.push({
      key: `view:${callId}`,
      kind: 'view',
      label: `${first.toolName} view`,
      runIndex: bars[0]?.runIndex ?? 0,
      turn: null,
      depth: 0,
      under: [],
      foldable: false,
      bars,
      maxEnd: bars.map((b) => (max = Math.max(max, b.end))),
    });
  }
  return { ...layout, rows: [...layout.rows, ...rows], totalMs: layout.totalMs + tail };
}
