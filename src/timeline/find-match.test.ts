import { describe, expect, it } from 'vitest';
import { buildTimeline } from './build-timeline';
import { stepCall, viewAround } from './find-match';
import { layoutTimeline } from './layout';
import { RunScript } from './testing/run-script';

describe('stepCall', () => {
  // Two parallel calls in turn 1 (b starts first), each in its own row, one in turn 2.
  const s = new RunScript('r1')
    .started()
    .request(1, 0, 10, 10)
    .tool(1, 'a', 'x', 60, 300)
    .tool(1, 'b', 'y', 50, 100)
    .request(2, 310, 10, 10)
    .tool(2, 'c', 'z', 400, 500)
    .finished(600);
  const layout = layoutTimeline(buildTimeline('s1', [s.record()], s.build(), 0));
  const ids = (from: string | null, back: boolean, n: number) => {
    const out: (string | null)[] = [];
    let cur = from;
    for (let i = 0; i < n; i++) {
      cur = stepCall(layout, cur, back)?.bar.callId ?? null;
      out.push(cur);
    }
    return out;
  };

  it('walks the shown calls in time order, wrapping around', () => {
    expect(ids(null, false, 4)).toEqual(['b', 'a', 'c', 'b']);
    expect(ids(null, true, 4)).toEqual(['c', 'a', 'b', 'c']);
  });

  it('gives the row to scroll to, and nothing when no call is shown', () => {
    const hit = stepCall(layout, 'b');
    expect(hit?.bar.callId).toBe('a');
    expect(layout.rows[hit!.row]?.kind).toBe('call');
    expect(stepCall({ ...layout, callIndex: new Map() }, null)).toBeNull();
  });
});

describe('viewAround', () => {
  it('zooms to a short call with room around it, within the session', () => {
    expect(viewAround(100_000, 100_200, 300_000)).toEqual({ start: 99_100, end: 101_100 });
    expect(viewAround(0, 100, 300_000)).toEqual({ start: 0, end: 2_000 });
    // Never wider than the session.
    expect(viewAround(0, 900, 1_000)).toEqual({ start: 0, end: 1_000 });
  });
});
