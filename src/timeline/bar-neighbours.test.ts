import { describe, expect, it } from 'vitest';
import { buildTimeline } from './build-timeline';
import { firstBar, neighbourBar, placeBars } from './bar-neighbours';
import { layoutTimeline } from './layout';
import { RunScript, usage } from './testing/run-script';

function layout() {
  const s = new RunScript('r1')
    .started()
    .request(1, 0, 60, 100, { usage: usage(200, 40) })
    .tool(1, 'a', 'search_web', 400, 1600)
    .tool(1, 'b', 'fetch_url', 420, 900, 'error', 'HTTP 500')
    .request(2, 1610, 100, 200, { finish: 'stop', usage: usage(400, 80) })
    .finished(1910, 'complete', usage(600, 120));
  return layoutTimeline(buildTimeline('s1', [s.record()], s.build(), 0));
}

describe('neighbourBar (one Tab stop, arrows between bars)', () => {
  it('moves along a row in time, across rows to the nearest bar in time, and stops at the edges', () => {
    const { rows, callIndex } = layout();
    const places = placeBars(rows);
    const start = firstBar(rows)!;
    expect(start.bar.kind).toBe('run');
    expect(neighbourBar(rows, start, 'up')).toBeNull();
    expect(neighbourBar(rows, start, 'left')).toBeNull();
    const turn = neighbourBar(rows, start, 'down')!;
    expect(turn.bar.kind).toBe('request');
    const a = places.get(callIndex.get('a')!.bar.id)!;
    const b = places.get(callIndex.get('b')!.bar.id)!;
    // The two calls run side by side, a row each: down from one reaches the other.
    expect([a.row, b.row].sort()).toEqual([2, 3]);
    expect(neighbourBar(rows, a.row < b.row ? a : b, 'down')?.bar.callId).toBe(a.row < b.row ? 'b' : 'a');
    const last = neighbourBar(rows, start, 'last')!;
    expect(last.bar.kind).toBe('request');
    expect(last.bar.turn).toBe(2);
    expect(neighbourBar(rows, last, 'right')).toBeNull();
    expect(neighbourBar(rows, last, 'first')?.bar.id).toBe(start.bar.id);
  });

  it('skips rows without bars (filtered out) when moving up or down', () => {
    const { rows } = layout();
    const emptied = rows.map((r, i) => (i === 1 ? { ...r, bars: [] } : r));
    const start = firstBar(emptied)!;
    expect(neighbourBar(emptied, start, 'down')?.row).toBe(2);
  });
});
