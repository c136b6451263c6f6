import { describe, expect, it } from 'vitest';
import { buildTimeline } from './build-timeline';
import { layoutTimeline } from './layout';
import { lastTurn, sessionTurn, sessionTurnOffsets } from './session-turns';
import { RunScript, usage } from './testing/run-script';

/** Run 1: two turns. Run 2: a manual compaction (turn 0 only). Run 3: two turns, the first retried once. */
function threeRuns() {
  const r1 = new RunScript('r1', 's1', 1_000)
    .started()
    .request(1, 0, 10, 10)
    .tool(1, 'a', 'search', 30, 40)
    .request(2, 50, 10, 10, { finish: 'stop' })
    .finished(80);
  const r2 = new RunScript('r2', 's1', 2_000)
    .started()
    .at(5, {
      type: 'context_compacted',
      turn: 0,
      removedMessageIds: ['x'],
      summaryMessageId: 'sum',
      tokensBefore: 900,
      tokensAfter: 100,
    })
    .finished(6);
  const r3 = new RunScript('r3', 's1', 3_000)
    .started()
    .at(0, { type: 'request_started', turn: 1, attempt: 1, messageId: 'm1' })
    .at(20, {
      type: 'request_failed',
      turn: 1,
      attempt: 1,
      error: { fault: 'system', kind: 'server', status: 503, message: 'busy' },
      retryInMs: 10,
    })
    .request(1, 30, 10, 10, { attempt: 2 })
    .tool(1, 'b', 'fetch', 60, 70)
    .request(2, 80, 10, 10, { finish: 'stop', usage: usage(10, 2) })
    .finished(110);
  return [r1, r2, r3];
}

describe('session turn numbering', () => {
  it('continues across runs: the third run starts at turn 3, a manual compaction takes no number', () => {
    const runs = threeRuns();
    const model = buildTimeline(
      's1',
      runs.map((r) => r.record()),
      runs.flatMap((r) => r.build()),
      0,
    );
    expect(model.runs.map((r) => r.turns.map((t) => [t.turn, t.sessionTurn]))).toEqual([
      [
        [1, 1],
        [2, 2],
      ],
      [[0, 0]],
      [
        [1, 3],
        [2, 4],
      ],
    ]);
    const layout = layoutTimeline(model);
    expect(layout.rows.filter((r) => r.kind === 'turn').map((r) => r.label)).toEqual([
      'Turn 1',
      'Turn 2',
      'Compaction',
      'Turn 3',
      'Turn 4',
    ]);
    const names = layout.rows
      .flatMap((r) => r.bars)
      .filter((b) => b.runIndex === 2 && (b.kind === 'request' || b.kind === 'backoff'))
      .map((b) => b.name);
    expect(names).toEqual([
      'Turn 3 model request attempt 1',
      'Backoff before retry of turn 3',
      'Turn 3 model request attempt 2',
      'Turn 4 model request',
    ]);
  });

  it("offsets add up each run's highest turn, in run order", () => {
    expect([
      ...sessionTurnOffsets([
        { runId: 'a', turns: 2 },
        { runId: 'b', turns: 0 },
        { runId: 'c', turns: 5 },
        { runId: 'd', turns: 1 },
      ]),
    ]).toEqual([
      ['a', 0],
      ['b', 2],
      ['c', 2],
      ['d', 7],
    ]);
    expect(sessionTurn(7, 1)).toBe(8);
    expect(sessionTurn(7, 0)).toBe(0);
    const [r1, r2, r3] = threeRuns();
    expect([lastTurn(r1!.build()), lastTurn(r2!.build()), lastTurn(r3!.build())]).toEqual([2, 0, 2]);
  });
});
