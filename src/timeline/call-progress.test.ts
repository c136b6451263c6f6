import { describe, expect, it } from 'vitest';
import { buildTimeline } from './build-timeline';
import { RunScript } from './testing/run-script';

const line = (text: string, t: number) => ({ level: 'log', text, t });

describe("a running call's progress on the timeline", () => {
  it('shows the lines printed and the bytes received so far, and keeps them when the call is cancelled', () => {
    const s = new RunScript('r1')
      .started()
      .at(10, { type: 'tool_started', turn: 1, callId: 'c1', name: 'slow', arguments: '{}' })
      .at(20, {
        type: 'tool_progress',
        turn: 1,
        callId: 'c1',
        logs: [line('one', 10)],
        bytesReceived: 100,
        bytesTotal: 400,
      })
      .at(30, { type: 'tool_progress', turn: 1, callId: 'c1', logs: [line('two', 20)], bytesReceived: 250 });
    const running = buildTimeline('s1', [s.record(null)], s.build(), 5_000_000);
    const call = running.runs[0]!.turns.flatMap((t) => t.calls)[0]!;
    expect(call.outcome).toBe('running');
    expect(call.logs.map((l) => l.text)).toEqual(['one', 'two']);
    expect(call).toMatchObject({ bytesReceived: 250, bytesTotal: 400 });

    s.at(40, {
      type: 'tool_finished',
      turn: 1,
      callId: 'c1',
      name: 'slow',
      outcome: 'cancelled',
      durationMs: 30,
      result: 'Cancelled by user',
      isError: true,
    }).at(50, { type: 'tool_progress', turn: 1, callId: 'c1', logs: [line('late', 45)] });
    const stopped = buildTimeline('s1', [s.record(null)], s.build(), 5_000_000);
    expect(stopped.runs[0]!.turns.flatMap((t) => t.calls)[0]!.logs.map((l) => l.text)).toEqual(['one', 'two']);
  });
});
