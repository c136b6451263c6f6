import { describe, expect, it } from 'vitest';
import type { LoopEvent } from './events';
import { findHistoryProblems } from '../domain/history-check';
import type { ChatMessage } from '../domain/messages';
import { blockingRun, fakeExecutor, fakeTool } from './testing/fake-tools';
import { harness, toolResults } from './testing/harness';
import { scriptedModel, textReply, toolCallsReply } from './testing/scripted-model';
import type { ToolExecutor } from './tool-executor';

const threeCalls = () => toolCallsReply([0, 1, 2].map((i) => ({ id: `c${i}`, name: `t${i}`, args: '{}' })));

/** An executor whose get() throws on its n-th call: a bug in the app's tool registry, not a tool failure. */
function executorFailingOnGet(inner: ToolExecutor, n: number, beforeThrow = () => {}): ToolExecutor {
  let gets = 0;
  return {
    list: () => inner.list(),
    get: (name) => {
      gets++;
      if (gets === n) {
        beforeThrow();
        throw new Error('registry broke');
      }
      return inner.get(name);
    },
  };
}

function expectEachCallAnsweredOnce(history: ChatMessage[], events: LoopEvent[]) {
  expect(findHistoryProblems(history)).toEqual([]);
  const asked = history.flatMap((m) => (m.role === 'assistant' ? m.toolCalls.map((c) => c.id) : []));
  expect(toolResults(history).map((r) => r.id)).toEqual(asked);
  // The event log tells the same story: one tool_finished per call, agreeing with the history.
  const finished = events.flatMap((e) =>
    e.type === 'tool_finished' ? [{ id: e.callId, content: e.result, outcome: e.outcome }] : [],
  );
  expect([...finished].sort((a, b) => a.id.localeCompare(b.id))).toEqual(toolResults(history));
  expect(events.filter((e) => e.type === 'run_finished')).toHaveLength(1);
  expect(events.at(-1)?.type).toBe('run_finished');
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runAgent when something that should never throw does', () => {
  it('executor get() throws on the 2nd of 3 parallel calls: error stop, every call answered once, nothing after run_finished', async () => {
    const slow = fakeTool({ name: 't0', run: blockingRun() });
    const inner = fakeExecutor([slow, fakeTool({ name: 't1' }), fakeTool({ name: 't2' })]);
    const model = scriptedModel([threeCalls(), textReply(['never asked'])]);
    const h = harness(model, { tools: executorFailingOnGet(inner, 2) });
    const r = await h.run();

    expect(r.stopReason).toBe('error');
    // A bug in Toolscope, said as such: not "the network connection was lost".
    expect(r.error).toMatchObject({ fault: 'system', kind: 'internal', step: 'loop' });
    expect(r.error?.message).toContain('registry broke');
    expect(h.events.at(-1)).toMatchObject({ type: 'run_finished', stopReason: 'error' });
    expect(model.requests).toHaveLength(1);
    expectEachCallAnsweredOnce(r.history, h.events);
    // None could finish (t0 blocks until stopped): each result says why it has none.
    for (const x of toolResults(r.history))
      expect(x).toMatchObject({ outcome: 'error', content: expect.stringMatching(/internal error/) });
    // Whether t0 had started depends on how far its validation got; if it had, it was told to stop.
    for (const c of slow.calls) expect(c.ctx.signal.aborted).toBe(true);
    const count = h.events.length;
    await tick();
    expect(h.events).toHaveLength(count);
  });

  it('a crash while another call runs stops that call and keeps results already reported', async () => {
    // Two lanes: t0 blocks, t1 finishes, and the lane that ran t1 crashes on get() for t2.
    const slow = fakeTool({ name: 't0', run: blockingRun() });
    const inner = fakeExecutor([slow, fakeTool({ name: 't1' }), fakeTool({ name: 't2' })]);
    const h = harness(scriptedModel([threeCalls()]), {
      tools: executorFailingOnGet(inner, 3),
      config: { toolConcurrency: 2 },
    });
    const r = await h.run();
    expect(r.stopReason).toBe('error');
    expectEachCallAnsweredOnce(r.history, h.events);
    const results = toolResults(r.history);
    expect(results[0]).toMatchObject({ id: 'c0', outcome: 'error', content: expect.stringMatching(/internal error/) });
    expect(results[1]).toEqual({ id: 'c1', outcome: 'ok', content: '{}' });
    expect(results[2]).toMatchObject({ id: 'c2', outcome: 'error', content: expect.stringMatching(/internal error/) });
    expect(slow.calls[0]?.ctx.signal.aborted).toBe(true);
    const count = h.events.length;
    await tick();
    expect(h.events).toHaveLength(count);
  });

  it('with one lane, the calls queued behind the crash are never run and still answered', async () => {
    const t0 = fakeTool({ name: 't0' });
    const t2 = fakeTool({ name: 't2' });
    const inner = fakeExecutor([t0, fakeTool({ name: 't1' }), t2]);
    const h = harness(scriptedModel([threeCalls()]), {
      tools: executorFailingOnGet(inner, 2),
      config: { toolConcurrency: 1 },
    });
    const r = await h.run();
    expect(r.stopReason).toBe('error');
    expect(t0.calls).toHaveLength(1);
    expect(t2.calls).toHaveLength(0);
    expectEachCallAnsweredOnce(r.history, h.events);
    expect(h.events.filter((e) => e.type === 'tool_started').map((e) => e.type === 'tool_started' && e.callId)).toEqual(
      ['c0'],
    );
  });

  it('a cancel during the crash is still reported as cancelled, never as an error', async () => {
    const slow = fakeTool({ name: 't0', run: blockingRun() });
    const inner = fakeExecutor([slow, fakeTool({ name: 't1' }), fakeTool({ name: 't2' })]);
    let stop = () => {};
    const h = harness(scriptedModel([threeCalls()]), { tools: executorFailingOnGet(inner, 2, () => stop()) });
    stop = () => h.controller.abort();
    const r = await h.run();
    expect(r.stopReason).toBe('cancelled');
    expect(r.error).toBeUndefined();
    expectEachCallAnsweredOnce(r.history, h.events);
    expect(toolResults(r.history).map((x) => x.outcome)).toEqual(['cancelled', 'error', 'cancelled']);
    for (const c of slow.calls) expect(c.ctx.signal.aborted).toBe(true);
  });

  it('an event sink that throws on tool_started does not break the run: the emitter isolates consumers', async () => {
    // Decided in emitter.ts: a failing consumer (a UI bug) must not cost the user the run. The
    // run carries on, and the history and the events the sink did take stay consistent.
    const t = fakeTool({ name: 't0' });
    const model = scriptedModel([
      toolCallsReply([
        { id: 'c0', name: 't0', args: '{}' },
        { id: 'c1', name: 't0', args: '{}' },
      ]),
      textReply(['done']),
    ]);
    const h = harness(model, { tools: fakeExecutor([t]) });
    h.input.emit = (e) => {
      h.events.push(e);
      if (e.type === 'tool_started') throw new Error('sink broke');
    };
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    expect(t.calls).toHaveLength(2);
    expectEachCallAnsweredOnce(r.history, h.events);
    expect(h.events.map((e) => e.seq)).toEqual(h.events.map((_, i) => i));
  });
});
