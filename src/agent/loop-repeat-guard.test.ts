import { describe, expect, it } from 'vitest';
import { findHistoryProblems } from '../domain/history-check';
import type { ApprovalGate } from './tool-executor';
import { fakeExecutor, fakeTool } from './testing/fake-tools';
import { harness, toolResults } from './testing/harness';
import { scriptedModel, textReply, toolCallsReply } from './testing/scripted-model';

/** The same call (key order differs, so only canonical matching sees it) in three turns, then a text answer. */
function threeRepeats() {
  return scriptedModel([
    toolCallsReply([{ id: 'a1', name: 'look', args: '{"q":"x","n":1}' }]),
    toolCallsReply([
      { id: 'a2', name: 'look', args: '{"n":1,"q":"x"}' },
      { id: 'b1', name: 'look', args: '{"q":"y","n":1}' },
    ]),
    toolCallsReply([{ id: 'a3', name: 'look', args: '{ "q": "x", "n": 1 }' }]),
    textReply(['done']),
  ]);
}

describe('runAgent: the repeated-call guard', () => {
  it('pauses before the limit-th identical call and runs it on Continue; other calls never ask', async () => {
    const t = fakeTool({ name: 'look' });
    const asked: { callId: string; repeat?: number }[] = [];
    const approve: ApprovalGate = async (call) => {
      asked.push({ callId: call.callId, ...(call.repeat !== undefined ? { repeat: call.repeat } : {}) });
      return { decision: 'approve' };
    };
    const h = harness(threeRepeats(), { tools: fakeExecutor([t]), approve });
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    expect(asked).toEqual([{ callId: 'a3', repeat: 3 }]);
    expect(t.calls).toHaveLength(4);
    expect(h.events.find((e) => e.type === 'approval_requested')).toMatchObject({ callId: 'a3', repeat: 3 });
    expect(h.events.find((e) => e.type === 'approval_resolved')).toMatchObject({ callId: 'a3', decision: 'approved' });
  });

  it('Stop run while paused answers the call as cancelled and leaves a valid history; the call never runs', async () => {
    const t = fakeTool({ name: 'look' });
    let h: ReturnType<typeof harness> | null = null;
    const approve: ApprovalGate = (_call, signal) =>
      new Promise((resolve) => {
        signal.addEventListener('abort', () => resolve({ decision: 'deny', reason: 'cancelled by user' }), {
          once: true,
        });
        h?.controller.abort();
      });
    h = harness(threeRepeats(), { tools: fakeExecutor([t]), approve });
    const r = await h.run();
    expect(r.stopReason).toBe('cancelled');
    expect(findHistoryProblems(r.history)).toEqual([]);
    expect(toolResults(r.history).at(-1)).toMatchObject({ id: 'a3', outcome: 'cancelled' });
    expect(t.calls).toHaveLength(3);
  });

  it('limit 0 turns it off, and a limit of 2 pauses at the second', async () => {
    const asked: number[] = [];
    const approve: ApprovalGate = async (call) => {
      if (call.repeat !== undefined) asked.push(call.repeat);
      return { decision: 'approve' };
    };
    await harness(threeRepeats(), {
      tools: fakeExecutor([fakeTool({ name: 'look' })]),
      approve,
      config: { repeatCallLimit: 0 },
    }).run();
    expect(asked).toEqual([]);
    await harness(threeRepeats(), {
      tools: fakeExecutor([fakeTool({ name: 'look' })]),
      approve,
      config: { repeatCallLimit: 2 },
    }).run();
    expect(asked).toEqual([2, 3]);
  });
});
