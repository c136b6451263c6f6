import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoopEvent } from './events';
import { findHistoryProblems } from '../domain/history-check';
import type { AssistantMessage, ChatMessage } from '../domain/messages';
import { blockingRun, fakeExecutor, fakeTool, ok } from './testing/fake-tools';
import { harness, roles, toolResults } from './testing/harness';
import { chunk, httpError, scriptedModel, textReply, toolCallsReply, type ScriptStep } from './testing/scripted-model';
import type { ToolRunResult } from './tool-executor';

/** Calls `fn` once the k-th event (1-based) has been emitted. */
function afterEvent(k: number, events: LoopEvent[], fn: () => void) {
  return (e: LoopEvent) => {
    events.push(e);
    if (events.length === k) fn();
  };
}

function expectEveryCallAnsweredOnce(history: ChatMessage[]) {
  expect(findHistoryProblems(history)).toEqual([]);
  const asked = history.flatMap((m) => (m.role === 'assistant' ? m.toolCalls.map((c) => c.id) : []));
  const answered = toolResults(history).map((r) => r.id);
  expect(answered.sort()).toEqual(asked.sort());
}

describe('cancellation', () => {
  it('before the first request: no request is made', async () => {
    const model = scriptedModel([textReply(['never'])]);
    const h = harness(model);
    h.controller.abort();
    const r = await h.run();
    expect(r.stopReason).toBe('cancelled');
    expect(model.requests).toHaveLength(0);
    expect(roles(r.history)).toEqual(['user']);
    expect(h.events.at(-1)).toMatchObject({ type: 'run_finished', stopReason: 'cancelled' });
  });

  it.each(['throw', 'end'] as const)(
    'while streaming (client %s on abort): the request is aborted and the partial text kept',
    async (onAbort) => {
      const model = scriptedModel([
        { chunks: [chunk({ content: 'Once upon' }), chunk({ content: ' a time' })], then: 'hang', onAbort },
      ]);
      const h = harness(model);
      h.input.emit = (e) => {
        h.events.push(e);
        if (e.type === 'text_delta' && e.delta === ' a time') h.controller.abort();
      };
      const r = await h.run();
      expect(r.stopReason).toBe('cancelled');
      expect(model.signals[0]?.aborted).toBe(true);
      expect(r.history[1]).toMatchObject({
        role: 'assistant',
        content: 'Once upon a time',
        status: 'cancelled',
        toolCalls: [],
      });
      // A stopped reply still cost tokens; with no usage from the provider the run reports an estimate.
      const finished = h.events.at(-1);
      if (finished?.type !== 'run_finished') throw new Error('no run_finished');
      expect(finished.usage.estimated).toBe(true);
      expect(finished.usage.promptTokens).toBeGreaterThan(0);
      expect(finished.usage.completionTokens).toBeGreaterThan(0);
    },
  );

  it('stopped before any output: nothing was produced, so no usage is invented', async () => {
    const model = scriptedModel([{ chunks: [], then: 'hang' }]);
    const h = harness(model);
    h.input.emit = (e) => {
      h.events.push(e);
      if (e.type === 'request_started') queueMicrotask(() => h.controller.abort());
    };
    const r = await h.run();
    expect(r.stopReason).toBe('cancelled');
    expect(model.requests).toHaveLength(1);
    expect(h.events.at(-1)).toMatchObject({ type: 'run_finished', usage: { totalTokens: 0 } });
  });

  it('while streaming, with a client that ignores the signal: the run still settles', async () => {
    const model = scriptedModel([{ chunks: [chunk({ content: 'Hi' })], then: 'hang', ignoreSignal: true }]);
    const h = harness(model);
    h.input.emit = (e) => {
      h.events.push(e);
      if (e.type === 'text_delta') queueMicrotask(() => h.controller.abort());
    };
    const r = await h.run();
    expect(r.stopReason).toBe('cancelled');
    expect(r.history[1]).toMatchObject({ content: 'Hi', status: 'cancelled' });
  });

  it('while tool calls are still streaming: they are dropped so no call is left unanswered', async () => {
    const model = scriptedModel([
      {
        chunks: [
          chunk({ content: 'Let me look.' }),
          chunk({ tool_calls: [{ index: 0, id: 'c1', function: { name: 't', arguments: '{"q":' } }] }),
        ],
        then: 'hang',
      },
    ]);
    const h = harness(model, { tools: fakeExecutor([fakeTool({ name: 't' })]) });
    h.input.emit = (e) => {
      h.events.push(e);
      if (e.type === 'tool_call_delta') h.controller.abort();
    };
    const r = await h.run();
    expect(r.stopReason).toBe('cancelled');
    expect(r.history[1]).toMatchObject({ content: 'Let me look.', status: 'cancelled', toolCalls: [] });
    expect(findHistoryProblems(r.history)).toEqual([]);
  });

  it('mid-batch: finished calls keep their results, every outstanding call gets exactly one "Cancelled by user"', async () => {
    const fast = fakeTool({ name: 'fast' });
    // One honours its signal, one ignores it and never settles: both must be answered at once.
    const polite = fakeTool({ name: 'polite', run: blockingRun() });
    let stop = () => {};
    const stubborn = fakeTool({
      name: 'stubborn',
      run: (args, ctx) => {
        // Stop once fast has finished and polite and stubborn are both running.
        setTimeout(stop, 0);
        return blockingRun(true)(args, ctx);
      },
    });
    const queued = fakeTool({ name: 'queued' });
    const model = scriptedModel([
      toolCallsReply([
        { id: 'c1', name: 'fast', args: '{}' },
        { id: 'c2', name: 'polite', args: '{}' },
        { id: 'c3', name: 'stubborn', args: '{}' },
        { id: 'c4', name: 'queued', args: '{}' },
      ]),
    ]);
    const h = harness(model, { tools: fakeExecutor([fast, polite, stubborn, queued]), config: { toolConcurrency: 2 } });
    stop = () => h.controller.abort();
    const r = await h.run();
    expect(r.stopReason).toBe('cancelled');
    expect(toolResults(r.history)).toEqual([
      { id: 'c1', outcome: 'ok', content: '{}' },
      { id: 'c2', outcome: 'cancelled', content: 'Cancelled by user' },
      { id: 'c3', outcome: 'cancelled', content: 'Cancelled by user' },
      { id: 'c4', outcome: 'cancelled', content: 'Cancelled by user' },
    ]);
    expect(queued.calls).toHaveLength(0);
    expect(polite.calls[0]?.ctx.signal.aborted).toBe(true);
    expect(stubborn.calls[0]?.ctx.signal.aborted).toBe(true);
    expect(h.events.filter((e) => e.type === 'tool_finished')).toHaveLength(4);
    expect(model.requests).toHaveLength(1);
    expectEveryCallAnsweredOnce(r.history);
  });

  it('drops the late result of a tool that finishes after the cancel', async () => {
    let finishLate: (r: ToolRunResult) => void = () => {};
    const t = fakeTool({ name: 't', run: () => new Promise((resolve) => (finishLate = resolve)) });
    const model = scriptedModel([toolCallsReply([{ id: 'c1', name: 't', args: '{}' }])]);
    const h = harness(model, { tools: fakeExecutor([t]) });
    h.input.emit = (e) => {
      h.events.push(e);
      if (e.type === 'tool_started') queueMicrotask(() => h.controller.abort());
    };
    const r = await h.run();
    finishLate(ok('late'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(toolResults(r.history)).toEqual([{ id: 'c1', outcome: 'cancelled', content: 'Cancelled by user' }]);
    expect(h.events.filter((e) => e.type === 'tool_finished')).toHaveLength(1);
  });

  it('while waiting for approval: the gate gets the signal and the call is answered as cancelled', async () => {
    const t = fakeTool({ name: 'rm', needsApproval: true });
    let gateSignal: AbortSignal | undefined;
    const model = scriptedModel([toolCallsReply([{ id: 'c1', name: 'rm', args: '{}' }])]);
    const h = harness(model, {
      tools: fakeExecutor([t]),
      approve: (_call, signal) => {
        gateSignal = signal;
        return new Promise(() => {});
      },
    });
    h.input.emit = (e) => {
      h.events.push(e);
      if (e.type === 'approval_requested') queueMicrotask(() => h.controller.abort());
    };
    const r = await h.run();
    expect(r.stopReason).toBe('cancelled');
    expect(gateSignal?.aborted).toBe(true);
    expect(t.calls).toHaveLength(0);
    expect(toolResults(r.history)).toEqual([{ id: 'c1', outcome: 'cancelled', content: 'Cancelled by user' }]);
  });
});

type Behaviour = 'sync' | 'tick' | 'throws' | 'honours' | 'ignores';

function behavedTool(name: string, behaviour: Behaviour) {
  return fakeTool({
    name,
    run: (_args, ctx) => {
      switch (behaviour) {
        case 'sync':
          return ok(name);
        case 'tick':
          return new Promise<ToolRunResult>((resolve) => setTimeout(() => resolve(ok(name)), 0));
        case 'throws':
          throw new Error(`${name} broke`);
        case 'honours':
          return new Promise<ToolRunResult>((resolve, reject) => {
            const timer = setTimeout(() => resolve(ok(name)), 2);
            ctx.signal.addEventListener('abort', () => {
              clearTimeout(timer);
              reject(new Error('aborted'));
            });
          });
        case 'ignores':
          return new Promise<ToolRunResult>((resolve) => setTimeout(() => resolve(ok(name)), 3));
      }
    },
  });
}

describe('property: abort after the k-th event, for every k', () => {
  it('leaves a valid history with every call id answered exactly once, and settles', async () => {
    const behaviour = fc.constantFrom<Behaviour>('sync', 'tick', 'throws', 'honours', 'ignores');
    await fc.assert(
      fc.asyncProperty(
        fc.array(behaviour, { minLength: 5, maxLength: 5 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom<'throw' | 'end'>('throw', 'end'),
        // Abort inside the event's consumer, or just after it (a click handled a moment later).
        fc.constantFrom<'sync' | 'microtask'>('sync', 'microtask'),
        async (behaviours, concurrency, onAbort, when) => {
          const tools = fakeExecutor(behaviours.map((b, i) => behavedTool(`t${i}`, b)));
          const script = (): ScriptStep[] => [
            {
              ...toolCallsReply(
                [0, 1, 2].map((i) => ({ id: `a${i}`, name: `t${i}`, args: '{"n":1}' })),
                { text: 'First, ' },
              ),
              onAbort,
            },
            // Turn 2 fails once after partial text, so some k land on request_failed and in the backoff sleep.
            {
              chunks: [chunk({ role: 'assistant', content: 'Par' }), chunk({ content: 'tial' })],
              then: { throw: httpError(503, 'Service Unavailable') },
              onAbort,
            },
            { ...toolCallsReply([3, 4].map((i) => ({ id: `b${i}`, name: `t${i}`, args: '{}' }))), onAbort },
            { ...textReply(['All ', 'done.']), onAbort },
          ];
          const config = { toolConcurrency: concurrency };
          // A backoff that really waits (one macrotask) and ends early on abort, like abortableSleep.
          const sleep = (_ms: number, signal: AbortSignal) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, 0);
              signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
            });

          const full = harness(scriptedModel(script()), { tools, config, sleep });
          const complete = await full.run();
          expect(complete.stopReason).toBe('complete');
          expect(full.events.filter((e) => e.type === 'request_failed')).toHaveLength(1);
          const total = full.events.length;
          const lastRequestFinished = full.events.findLastIndex((e) => e.type === 'request_finished') + 1;

          for (let k = 1; k <= total; k++) {
            const events: LoopEvent[] = [];
            const h = harness(scriptedModel(script()), { tools, config, sleep });
            const abort = () => h.controller.abort();
            h.input.emit = afterEvent(k, events, when === 'sync' ? abort : () => queueMicrotask(abort));
            const r = await h.run();
            expectEveryCallAnsweredOnce(r.history);
            expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
            expect(events.filter((e) => e.type === 'run_finished')).toHaveLength(1);
            expect(events.at(-1)?.type).toBe('run_finished');
            // Once the final answer has fully arrived there is nothing left to cancel. An abort a
            // moment after event k may find the run already past that point, never before it.
            if (k < lastRequestFinished) expect(r.stopReason).toBe('cancelled');
            else if (when === 'sync') expect(r.stopReason).toBe('complete');
            else expect(['complete', 'cancelled']).toContain(r.stopReason);
            // Every message in the result was announced, in order.
            const appended = events.flatMap((e) => (e.type === 'message_appended' ? [e.message] : []));
            expect(appended).toEqual(r.history);
            // The failing attempt's text is kept only when the user stopped it mid-stream, marked cancelled.
            const partial = r.history.filter((m) => m.role === 'assistant' && m.content.startsWith('Par'));
            for (const m of partial) expect(m).toMatchObject({ status: 'cancelled' });
            const cancelledMsg = r.history.find(
              (m): m is AssistantMessage => m.role === 'assistant' && m.status === 'cancelled',
            );
            if (cancelledMsg) expect(cancelledMsg.toolCalls).toEqual([]);
          }
        },
      ),
      { numRuns: 15 },
    );
    // About 15 x 60 whole runs: a few seconds alone, several times that beside the other files on a busy machine.
  }, 90_000);
});
