import { describe, expect, it } from 'vitest';
import { buildTimeline } from './build-timeline';
import { visibleBars, visibleRows } from './cull';
import { CALL_OUTCOMES } from './outcome-style';
import { filterTimeline, toolNames } from './filter';
import { barAriaLabel, layoutTimeline, runGap, type Row, type TimelineLayout } from './layout';
import type { Bar } from './bar-shape';
import { barText } from './bar-paint';
import { summarize, unionLength } from './summary';
import { RunScript, usage } from './testing/run-script';

function parallelRun() {
  return new RunScript('r1')
    .started()
    .at(0, { type: 'request_started', turn: 1, attempt: 1, messageId: 'm1' })
    .at(40, {
      type: 'request_failed',
      turn: 1,
      attempt: 1,
      error: { fault: 'system', kind: 'server', status: 500, message: 'oops' },
      retryInMs: 200,
    })
    .request(1, 240, 60, 100, { attempt: 2, usage: usage(200, 40) })
    .tool(1, 'a', 'search_web', 400, 1600)
    .tool(1, 'b', 'fetch_url', 420, 900, 'error', 'HTTP 500')
    .tool(1, 'c', 'slow', 430, 1430, 'timeout')
    .request(2, 1610, 100, 200, { finish: 'stop', usage: usage(400, 80) })
    .finished(1910, 'complete', usage(600, 120));
}

describe('layoutTimeline', () => {
  it('emits a run row, a turn row and one row per call named by its tool, with the retry and its backoff on the turn row', () => {
    const s = parallelRun();
    const layout = layoutTimeline(buildTimeline('s1', [s.record()], s.build(), 0));
    expect(layout.rows.map((r) => `${r.kind}:${r.label}:${r.depth}`)).toEqual([
      'run:Run 1:0',
      'turn:Turn 1:1',
      'call:search_web:2',
      'call:fetch_url:2',
      'call:slow:2',
      'turn:Turn 2:1',
    ]);
    expect(layout.rows.map((r) => r.foldable)).toEqual([true, true, false, false, false, false]);
    expect(layout.rows[3]!.under).toEqual(['run:r1', 'turn:r1:1']);
    expect([...layout.callIndex].map(([id, hit]) => [id, hit.row])).toEqual([
      ['a', 2],
      ['b', 3],
      ['c', 4],
    ]);
    const turn1 = layout.rows[1]!;
    expect(turn1.bars.map((b) => [b.kind, b.status, b.start, b.end])).toEqual([
      ['request', 'retrying', 0, 40],
      ['backoff', 'retrying', 40, 240],
      ['request', 'ok', 240, 400],
    ]);
    expect(turn1.bars[2]!.segments).toEqual([
      { kind: 'waiting', start: 240, end: 300 },
      { kind: 'streaming', start: 300, end: 400 },
    ]);
    const a = layout.callIndex.get('a')!.bar;
    const b = layout.callIndex.get('b')!.bar;
    expect(a.lane).not.toBe(b.lane);
    expect(a.start < b.end && b.start < a.end).toBe(true);
    expect(barAriaLabel(a)).toBe('search_web, ok, 1.2 s, starts at 0.4 s');
    expect(layout.rows[0]!.bars[0]!.label).toContain('complete');
    // The name holds the text the bar shows, icon aside (WCAG 2.5.3, label in name).
    for (const bar of layout.rows.flatMap((r) => r.bars))
      expect(barAriaLabel(bar).startsWith(barText(bar).replace(/^\S+ /, ''))).toBe(true);
    expect(barAriaLabel(layout.rows[0]!.bars[0]!)).toMatch(/^Run 1 · .*complete, \d/);
  });

  it('draws a request as queued, waiting for the first token and streaming, in that order, from when its turn was ready', () => {
    const s = parallelRun();
    const layout = layoutTimeline(buildTimeline('s1', [s.record()], s.build(), 0));
    const turn2 = layout.rows.filter((r) => r.kind === 'turn')[1]!;
    const req = turn2.bars[0]!;
    // search_web, the last call of turn 1, ended at 1600; the request was sent at 1610.
    expect([req.kind, req.start, req.end]).toEqual(['request', 1600, 1910]);
    expect(req.segments).toEqual([
      { kind: 'queued', start: 1600, end: 1610 },
      { kind: 'waiting', start: 1610, end: 1710 },
      { kind: 'streaming', start: 1710, end: 1910 },
    ]);
    expect(barAriaLabel(req)).toBe('model · stop, Turn 2 model request, ok, 0.3 s, starts at 1.6 s, queued 0.01 s');
    // Sent at once (no queue): no zero-length segment.
    expect(layout.rows[1]!.bars[0]!.segments.map((g) => g.kind)).toEqual(['waiting']);
  });

  it('lays runs end to end with a gap, so bars of the second run start after the first ends', () => {
    const a = new RunScript('r1', 's1', 1000).started().request(1, 0, 10, 90, { finish: 'stop' }).finished(100);
    const b = new RunScript('r2', 's1', 999_999)
      .started()
      .request(1, 0, 10, 40, { finish: 'stop' })
      .tool(1, 'z', 'x', 50, 60)
      .finished(100);
    const model = buildTimeline('s1', [a.record(), b.record()], [...a.build(), ...b.build()], 0);
    const layout = layoutTimeline(model);
    const gap = runGap(model.runs);
    expect(layout.runOffsets).toEqual([0, 100 + gap]);
    expect(layout.totalMs).toBe(200 + gap);
    const z = layout.callIndex.get('z')!.bar;
    expect(z.start).toBe(100 + gap + 50);
    expect(z.start - z.runOffset).toBe(50);
  });

  it('marks approval wait and execution as separate segments of a call', () => {
    const s = new RunScript('r1')
      .started()
      .request(1, 0, 10, 10)
      .at(30, { type: 'approval_requested', turn: 1, callId: 'q', name: 'rm', arguments: '{}' })
      .at(530, { type: 'approval_resolved', turn: 1, callId: 'q', decision: 'approved', arguments: '{}' })
      .tool(1, 'q', 'rm', 540, 600)
      .finished(700);
    const bar = layoutTimeline(buildTimeline('s1', [s.record()], s.build(), 0)).callIndex.get('q')!.bar;
    expect(bar.segments).toEqual([
      { kind: 'approval', start: 30, end: 530 },
      { kind: 'execution', start: 540, end: 600 },
    ]);
    expect(barAriaLabel(bar)).toContain('waited 0.5 s for approval');
  });
});

/** All call bars of a layout in one row (as a View's row holds many events), to cull. */
function callsRow(layout: TimelineLayout): Row {
  const bars: Bar[] = [...layout.callIndex.values()].map((h) => h.bar).sort((a, b) => a.start - b.start);
  let max = Number.NEGATIVE_INFINITY;
  const maxEnd = bars.map((b) => (max = Math.max(max, b.end)));
  return {
    key: 'all',
    kind: 'view',
    label: 'all',
    runIndex: 0,
    turn: null,
    depth: 0,
    under: [],
    foldable: false,
    bars,
    maxEnd,
  };
}

describe('visibleBars', () => {
  const s = new RunScript('r1').started().request(1, 0, 1, 1);
  for (let i = 0; i < 1000; i++) s.tool(1, `c${i}`, 'step', 10 + i * 10, 15 + i * 10);
  s.finished(10_100);
  const lane = callsRow(layoutTimeline(buildTimeline('s1', [s.record()], s.build(), 0)));

  it('returns only the bars intersecting the window', () => {
    const bars = visibleBars(lane, 5000, 5100, 10);
    expect(bars.map((b) => b.callId)).toEqual([
      'c499',
      'c500',
      'c501',
      'c502',
      'c503',
      'c504',
      'c505',
      'c506',
      'c507',
      'c508',
      'c509',
    ]);
  });

  it('keeps at most about one sub-pixel bar per pixel when zoomed out', () => {
    const bars = visibleBars(lane, 0, 10_100, 0.01);
    expect(bars.length).toBeLessThanOrEqual(102);
    expect(bars.length).toBeGreaterThan(50);
  });

  it('draws every bar of a short row, even two quick calls on one pixel', () => {
    const t = new RunScript('r1')
      .started()
      .request(1, 0, 1, 1)
      .tool(1, 'a', 'x', 1600, 1606)
      .tool(1, 'b', 'x', 1606.2, 1606.8)
      .finished(1800);
    const lane = callsRow(layoutTimeline(buildTimeline('s1', [t.record()], t.build(), 0)));
    expect(visibleBars(lane, 0, 1800, 0.5).map((b) => b.callId)).toEqual(['a', 'b']);
  });

  it('finds bars hidden behind a long earlier bar (running max of ends)', () => {
    const t = new RunScript('r1')
      .started()
      .request(1, 0, 1, 1)
      .tool(1, 'long', 'x', 10, 10_000)
      .tool(1, 'short', 'y', 20, 30)
      .finished(10_001);
    const row = callsRow(layoutTimeline(buildTimeline('s1', [t.record()], t.build(), 0)));
    expect(visibleBars(row, 9000, 9500, 1).map((b) => b.callId)).toEqual(['long']);
  });

  it('never drops a kept bar (selected or focused) that shares its pixel with the bar before it', () => {
    // 300 quick calls one after the other share a lane; fitted to the run, many land on one pixel.
    const t = new RunScript('r1').started().request(1, 0, 1, 1);
    for (let i = 0; i < 300; i++) t.tool(1, `c${i}`, 'current_time', 10 + i * 2, 11 + i * 2);
    t.finished(700);
    const lane = callsRow(layoutTimeline(buildTimeline('s1', [t.record()], t.build(), 0)));
    const c151 = lane.bars.find((b) => b.callId === 'c151')!;
    expect(visibleBars(lane, 0, 700, 0.37).map((b) => b.callId)).not.toContain('c151');
    expect(visibleBars(lane, 0, 700, 0.37, new Set([c151.id])).map((x) => x.callId)).toContain('c151');
  });
});

describe('visibleRows', () => {
  it('covers the scrolled window plus overscan, clamped to the row count', () => {
    expect(visibleRows(2000, 24, 2400, 480, 4)).toEqual({ first: 96, last: 124 });
    expect(visibleRows(10, 24, 0, 480, 4)).toEqual({ first: 0, last: 10 });
  });
});

describe('summarize', () => {
  it('adds up time in model and tools (parallel counted once), outcomes, retries, tokens and stop reason', () => {
    const s = parallelRun();
    const sum = summarize(buildTimeline('s1', [s.record()], s.build(), 0));
    expect(sum.totalMs).toBe(1910);
    expect(sum.modelMs).toBe(40 + 160 + 300);
    expect(sum.toolMs).toBe(1200);
    expect(sum.toolSumMs).toBe(1200 + 480 + 1000);
    expect(sum.turns).toBe(2);
    expect(sum.toolCalls).toBe(3);
    expect(sum.byOutcome).toMatchObject({ ok: 1, error: 1, timeout: 1, cancelled: 0 });
    expect(sum.retries).toBe(1);
    expect([sum.tokensIn, sum.tokensOut]).toEqual([600, 120]);
    expect(sum.stopReason).toBe('complete');
  });

  it('measures the union of intervals', () => {
    expect(
      unionLength([
        { start: 0, end: 10 },
        { start: 5, end: 20 },
        { start: 30, end: 40 },
        { start: 35, end: 36 },
      ]),
    ).toBe(30);
    expect(unionLength([])).toBe(0);
  });
});

describe('filterTimeline', () => {
  const s = parallelRun();
  const model = buildTimeline('s1', [s.record()], s.build(), 0);
  const all = new Set(CALL_OUTCOMES);

  it('lists tool names', () => {
    expect(toolNames(model)).toEqual(['fetch_url', 'search_web', 'slow']);
  });

  it('returns the same model when nothing filters', () => {
    expect(filterTimeline(model, { text: '', tool: null, outcomes: all }, CALL_OUTCOMES)).toBe(model);
  });

  it('filters by outcome and repacks lanes so no empty lane stays', () => {
    const f = filterTimeline(model, { text: '', tool: null, outcomes: new Set(['timeout'] as const) }, CALL_OUTCOMES);
    const turn = f.runs[0]!.turns[0]!;
    expect(turn.calls.map((c) => [c.callId, c.lane])).toEqual([['c', 0]]);
    expect(turn.laneCount).toBe(1);
    expect(f.runs[0]!.turns).toHaveLength(1);
  });

  it('filters by tool name and search text (arguments and results included)', () => {
    expect(
      filterTimeline(model, { text: '', tool: 'fetch_url', outcomes: all }, CALL_OUTCOMES).runs[0]!.turns[0]!.calls.map(
        (c) => c.callId,
      ),
    ).toEqual(['b']);
    expect(
      filterTimeline(
        model,
        { text: 'http 500', tool: null, outcomes: all },
        CALL_OUTCOMES,
      ).runs[0]!.turns[0]!.calls.map((c) => c.callId),
    ).toEqual(['b']);
    expect(
      filterTimeline(model, { text: 'nothing-like-this', tool: null, outcomes: all }, CALL_OUTCOMES).runs[0]!.turns,
    ).toEqual([]);
  });

  it('keeps a turn whose failed model request matches the chosen outcomes', () => {
    const f = filterTimeline(model, { text: '', tool: null, outcomes: new Set(['error'] as const) }, CALL_OUTCOMES);
    expect(f.runs[0]!.turns.map((t) => [t.turn, t.calls.map((c) => c.callId)])).toEqual([[1, ['b']]]);
    const g = filterTimeline(model, { text: 'oops', tool: null, outcomes: all }, CALL_OUTCOMES);
    expect(g.runs[0]!.turns.map((t) => t.turn)).toEqual([1]);
  });
});
