import { describe, expect, it } from 'vitest';
import type { McpViewEventRecord } from '../domain/mcp-view-event';
import { buildTimeline } from './build-timeline';
import { exportSvg } from './export-svg';
import { barAriaLabel, layoutTimeline } from './layout';
import { RunScript } from './testing/run-script';
import { withViewRows } from './view-rows';

// Two runs of 1 s, the second 10 s of wall clock after the first ended.
const r1 = new RunScript('r1', 's1', 1_000_000)
  .started()
  .request(1, 0, 10, 10)
  .tool(1, 'call_board', 'show_board', 100, 200)
  .finished(1000);
const r2 = new RunScript('r2', 's1', 1_011_000).started().request(1, 0, 10, 10).finished(1000);
const model = buildTimeline(
  's1',
  [r1.record(1_001_000, 'complete'), r2.record(1_012_000, 'complete')],
  [...r1.build(), ...r2.build()],
  0,
);
const layout = layoutTimeline(model);

let seq = 1;
const event = (
  at: number,
  method: string,
  outcome: McpViewEventRecord['outcome'],
  callId = 'call_board',
): McpViewEventRecord => ({
  sessionId: 's1',
  callId,
  seq: seq++,
  serverName: 'apps',
  toolName: callId === 'call_board' ? 'show_board' : 'show_map',
  at,
  method,
  outcome,
  params: '{"content":[]}',
});

describe('View events on the chart', () => {
  it('are a row per View after the runs, each event a point placed by wall clock against the runs', () => {
    const [o1, o2] = layout.runOffsets;
    const events = [
      event(1_000_500, 'ui/update-model-context', 'ok'),
      event(1_006_000, 'ui/message', 'ok'),
      event(1_020_000, 'tools/call', 'refused'),
      event(1_011_200, 'ui/notifications/size-changed', 'notice', 'call_map'),
    ];
    const out = withViewRows(layout, model.runs, events);
    expect(out.rows.slice(0, layout.rows.length)).toEqual(layout.rows);
    const rows = out.rows.slice(layout.rows.length);
    expect(rows.map((r) => [r.kind, r.label])).toEqual([
      ['view', 'show_board view'],
      ['view', 'show_map view'],
    ]);
    const bars = rows[0]?.bars ?? [];
    // During run 1 at 500 ms; half way through the 10 s gap → half way through the chart's gap; after the last run → the added tail.
    expect(bars.map((b) => b.start)).toEqual([
      o1! + 500,
      o1! + 1000 + (o2! - o1! - 1000) / 2,
      layout.totalMs + (out.totalMs - layout.totalMs),
    ]);
    expect(out.totalMs).toBeGreaterThan(layout.totalMs);
    expect(rows[1]?.bars[0]?.start).toBe(o2! + 200);
    expect(bars.map((b) => b.status)).toEqual(['ok', 'ok', 'denied']);
    expect(bars.map(barAriaLabel)).toEqual([
      'show_board view · ui/update-model-context · ok · during run 1, at 500 ms',
      'show_board view · ui/message · ok · 5.0 s after run 1',
      'show_board view · tools/call · refused · 8.0 s after run 2',
    ]);
    expect(bars[1]?.viewEvent?.method).toBe('ui/message');
  });

  it('leave the layout as it is when there are none', () => {
    expect(withViewRows(layout, model.runs, [])).toBe(layout);
  });

  it('are in the SVG export: the View row, a point per event, each with its name', () => {
    const out = withViewRows(layout, model.runs, [
      event(1_000_500, 'ui/message', 'ok'),
      event(1_000_600, 'ui/notifications/initialized', 'notice'),
    ]);
    // The chart's gutter: the export cuts a row's name to it.
    const svg = exportSvg(out, { start: 0, end: out.totalMs }, { width: 1000, rowHeight: 24, gutter: 148, title: 'T' });
    expect(svg).toContain('>show_board view</text>');
    expect(svg).toContain('<title>show_board view · ui/message · ok · during run 1, at 500 ms</title><circle');
    expect(svg).toContain(
      '<title>show_board view · ui/notifications/initialized · notice · during run 1, at 600 ms</title><circle',
    );
    expect(svg).toMatch(/<circle [^>]*fill="none"/);
    expect(svg).toContain(`height="${24 + 28 + out.rows.length * 24 + 8}"`);
  });
});
