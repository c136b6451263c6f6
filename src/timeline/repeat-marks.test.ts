import { describe, expect, it } from 'vitest';
import { buildTimeline } from './build-timeline';
import { layoutTimeline } from './layout';
import { RunScript } from './testing/run-script';

describe('timeline: repeated calls', () => {
  it('numbers the second and later calls of the same tool with the same arguments in a run, and only those', () => {
    const s = new RunScript('r1')
      .started()
      .request(1, 0, 5, 5)
      .tool(1, 'a1', 'look', 10, 20)
      .tool(1, 'b1', 'other', 11, 20)
      .request(2, 30, 5, 5)
      .tool(2, 'a2', 'look', 40, 50)
      .at(60, { type: 'approval_requested', turn: 2, callId: 'a3', name: 'look', arguments: '{ "q": "x" }', repeat: 3 })
      .at(70, { type: 'tool_started', turn: 2, callId: 'a3', name: 'look', arguments: '{ "q": "x" }' })
      .at(80, {
        type: 'tool_finished',
        turn: 2,
        callId: 'a3',
        name: 'look',
        outcome: 'ok',
        durationMs: 10,
        result: 'ok',
        isError: false,
      })
      .finished(90);
    const model = buildTimeline('s1', [s.record(null)], s.build(), 1000);
    const calls = model.runs[0]!.turns.flatMap((t) => t.calls);
    expect(Object.fromEntries(calls.map((c) => [c.callId, c.repeat ?? null]))).toEqual({
      a1: null,
      b1: null,
      a2: 2,
      a3: 3,
    });
    const bars = layoutTimeline(model)
      .rows.flatMap((r) => r.bars)
      .filter((b) => b.kind === 'call');
    expect(bars.find((b) => b.callId === 'a3')?.repeat).toBe(3);
    expect(bars.find((b) => b.callId === 'a1')?.repeat).toBeUndefined();
  });
});
