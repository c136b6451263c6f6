import { describe, expect, it } from 'vitest';
import { buildTimeline } from './build-timeline';
import { drawnEnd, laneScale, packDrawn } from './drawn-extent';
import { layoutTimeline, type TimelineLayout } from './layout';
import { fitViewport, zoomAt } from './viewport';
import { RunScript } from './testing/run-script';

/** A turn that calls current_time (3 ms) and js_eval (300 ms) at once: the short one ends before the long one starts. */
function quickAndSlow() {
  const s = new RunScript('r1')
    .started()
    .request(1, 0, 300, 100)
    .tool(1, 'quick', 'current_time', 400, 403)
    .tool(1, 'slow', 'js_eval', 404, 704)
    .request(2, 710, 300, 200, { finish: 'stop' })
    .finished(1210);
  return buildTimeline('s1', [s.record()], s.build(), 0);
}

/** The chart's plot at 1,400 px wide, less the gutter. */
const PLOT_PX = 1288;
const layoutFor = (span: number) => layoutTimeline(quickAndSlow(), laneScale(PLOT_PX / span));
const lanes = (layout: TimelineLayout) => ['quick', 'slow'].map((id) => layout.callIndex.get(id)?.bar.lane);

/** Every lane row: each bar starts after the one before it is drawn to its end, at every scale of the doubling. */
function expectNothingDrawnOver(layout: TimelineLayout, pxPerMs: number) {
  for (const row of layout.rows.filter((r) => r.kind === 'lane')) {
    for (let i = 1; i < row.bars.length; i++) {
      const [prev, next] = [row.bars[i - 1]!, row.bars[i]!];
      expect(drawnEnd(prev, pxPerMs)).toBeLessThanOrEqual(next.start);
    }
  }
}

describe('lanes packed by what is drawn', () => {
  const model = quickAndSlow();
  const total = layoutTimeline(model).totalMs;
  const fit = fitViewport(total);

  it('time alone puts the two calls in one lane, where the long one covers the short one and its name', () => {
    expect(lanes(layoutTimeline(model))).toEqual([0, 0]);
  });

  it('puts a 3 ms and a 300 ms call started together in different lanes at fit, zoomed out and zoomed in', () => {
    const out = zoomAt(fit, 4, total / 2, total);
    const inn = zoomAt(fit, 1 / 16, 404, total);
    for (const vp of [fit, out, inn]) {
      const span = vp.end - vp.start;
      const layout = layoutFor(span);
      const [quick, slow] = lanes(layout);
      expect(quick).not.toBe(slow);
      expectNothingDrawnOver(layout, PLOT_PX / span);
      // Each call is a row of its own turn's lanes: both can be clicked.
      expect(layout.rows.filter((r) => r.kind === 'lane')).toHaveLength(2);
    }
  });

  it('shares a lane only at a zoom where the short call is drawn whole, name inside, before the long one starts', () => {
    const span = 4; // 322 px per ms: current_time is 966 px wide.
    const layout = layoutFor(span);
    expect(lanes(layout)).toEqual([0, 0]);
    expectNothingDrawnOver(layout, PLOT_PX / span);
  });

  it('packs for the low end of a doubling, so zooming within it needs no new layout', () => {
    expect(laneScale(3)).toBe(2);
    expect(laneScale(2)).toBe(2);
    expect(laneScale(0.3)).toBe(0.25);
    expect(laneScale(Number.POSITIVE_INFINITY)).toBe(1);
    for (const px of [0.01, 0.3, 1, 7, 40, 300]) expectNothingDrawnOver(layoutTimeline(model, laneScale(px)), px);
  });

  it('keeps a still running call in a lane of its own', () => {
    const s = new RunScript('r1')
      .started()
      .request(1, 0, 10, 10)
      .at(30, { type: 'tool_started', turn: 1, callId: 'open', name: 'slow', arguments: '{}' })
      .tool(1, 'later', 'calc', 5_000, 5_010);
    const layout = layoutTimeline(buildTimeline('s1', [s.record()], s.build(), 1_000_000 + 6_000), 1);
    expect(layout.callIndex.get('open')?.bar.lane).toBe(0);
    expect(layout.callIndex.get('later')?.bar.lane).toBe(1);
    const bars = ['open', 'later'].map((id) => layout.callIndex.get(id)!.bar);
    expect(packDrawn(bars, 1).count).toBe(2);
  });
});
