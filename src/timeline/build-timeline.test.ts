import { describe, expect, it } from 'vitest';
import type { AgentEventBody } from '../domain/run-events';
import { buildTimeline } from './build-timeline';
import type { CallModel, TimelineModel } from './model';
import { RunScript, usage } from './testing/run-script';

const NOW = 5_000_000;

function calls(model: TimelineModel): CallModel[] {
  return model.runs.flatMap((r) => r.turns.flatMap((t) => t.calls));
}
function call(model: TimelineModel, id: string): CallModel {
  const c = calls(model).find((x) => x.callId === id);
  if (!c) throw new Error(`no call ${id}`);
  return c;
}
function build(...scripts: { s: RunScript; finishedAt?: number | null }[]): TimelineModel {
  return buildTimeline(
    's1',
    scripts.map(({ s, finishedAt }) => s.record(finishedAt ?? null)),
    scripts.flatMap(({ s }) => s.build()),
    NOW,
  );
}

describe('buildTimeline', () => {
  it('sums an unfinished run with its cache and reasoning counts, as a finished run reports them', () => {
    const cached = { ...usage(1_000, 50), cachedTokens: 600, cacheWriteTokens: 300, reasoningTokens: 20 };
    const s = new RunScript('r1')
      .started()
      .request(1, 10, 30, 20, { finish: 'tool_calls', usage: cached })
      .request(2, 100, 30, 20, { finish: 'stop', usage: usage(1_100, 10) });
    expect(build({ s }).runs[0]!.usage).toEqual({
      ...usage(2_100, 60),
      cachedTokens: 600,
      cacheWriteTokens: 300,
      reasoningTokens: 20,
    });
  });
  it('splits a model request into waiting and streaming and keeps its usage on the turn', () => {
    const s = new RunScript('r1')
      .started()
      .request(1, 10, 300, 200, { finish: 'stop', usage: usage(120, 30) })
      .finished(520);
    const m = build({ s });
    const run = m.runs[0]!;
    expect(run.state).toBe('finished');
    expect(run.stopReason).toBe('complete');
    expect(run.duration).toBe(520);
    const turn = run.turns[0]!;
    expect(turn.attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        start: 10,
        firstTokenAt: 310,
        end: 510,
        outcome: 'ok',
        finishReason: 'stop',
        retrying: false,
      }),
    ]);
    expect(turn.usage).toEqual(usage(120, 30));
    expect(turn.messageId).toBe('m1');
  });

  it('queues each first attempt from the moment its turn was ready: run start, then the last tool or request to end', () => {
    const s = new RunScript('r1')
      .started()
      // Context preparation before the first request: queued 0-40.
      .request(1, 40, 10, 10)
      .tool(1, 'a', 'x', 70, 300)
      .tool(1, 'b', 'y', 75, 500)
      // Ready when the last parallel call (b) ended at 500, sent at 530.
      .request(2, 530, 10, 10)
      // No tools in between: ready when turn 2's request finished.
      .request(3, 560, 10, 10, { finish: 'stop' })
      .finished(600);
    const turns = build({ s }).runs[0]!.turns;
    expect(turns.map((t) => [t.attempts[0]!.queuedAt, t.attempts[0]!.start])).toEqual([
      [0, 40],
      [500, 530],
      [550, 560],
    ]);
  });

  it('gives a retried attempt no queue of its own: its wait is the backoff', () => {
    const s = new RunScript('r1')
      .started()
      .at(5, { type: 'request_started', turn: 1, attempt: 1, messageId: 'm1' })
      .at(50, {
        type: 'request_failed',
        turn: 1,
        attempt: 1,
        error: { fault: 'system', kind: 'server', status: 503, message: 'busy' },
        retryInMs: 100,
      })
      .request(1, 150, 10, 10, { attempt: 2, finish: 'stop' })
      .finished(200);
    const attempts = build({ s }).runs[0]!.turns[0]!.attempts;
    expect(attempts.map((a) => [a.attempt, a.queuedAt, a.start])).toEqual([
      [1, 0, 5],
      [2, null, 150],
    ]);
  });

  it('puts overlapping parallel calls in different lanes and sequential ones back in lane 0', () => {
    const s = new RunScript('r1')
      .started()
      .request(1, 0, 100, 100)
      .tool(1, 'a', 'search_web', 200, 700)
      .tool(1, 'b', 'fetch_url', 210, 400)
      .tool(1, 'c', 'calc', 220, 300)
      .request(2, 710, 50, 50)
      .tool(2, 'd', 'calc', 820, 900)
      .tool(2, 'e', 'calc', 900, 950)
      .finished(1000);
    const m = build({ s });
    const [t1, t2] = m.runs[0]!.turns;
    expect(t1!.calls.map((c) => [c.callId, c.lane])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
    expect(t1!.laneCount).toBe(3);
    // d ends exactly when e starts: they can share a lane.
    expect(t2!.calls.map((c) => [c.callId, c.lane])).toEqual([
      ['d', 0],
      ['e', 0],
    ]);
    expect(t2!.laneCount).toBe(1);
  });

  it('reuses a freed lane for a call that starts after an earlier one ended', () => {
    const s = new RunScript('r1')
      .started()
      .request(1, 0, 10, 10)
      .tool(1, 'a', 'x', 100, 200)
      .tool(1, 'b', 'x', 110, 500)
      .tool(1, 'c', 'x', 250, 300)
      .finished(600);
    const m = build({ s });
    expect(m.runs[0]!.turns[0]!.calls.map((c) => c.lane)).toEqual([0, 1, 0]);
  });

  it('marks failed attempts that will be retried and the final one that will not', () => {
    const s = new RunScript('r1')
      .started()
      .at(0, { type: 'request_started', turn: 1, attempt: 1, messageId: 'm1a' })
      .at(50, {
        type: 'request_failed',
        turn: 1,
        attempt: 1,
        error: { fault: 'system', kind: 'server', status: 503, message: 'busy' },
        retryInMs: 1000,
      })
      .at(1050, { type: 'request_started', turn: 1, attempt: 2, messageId: 'm1b' })
      .at(1100, {
        type: 'request_failed',
        turn: 1,
        attempt: 2,
        error: { fault: 'system', kind: 'rate_limited', status: 429, retryAfterMs: null, message: 'slow' },
        retryInMs: 2000,
      })
      .at(3100, { type: 'request_started', turn: 1, attempt: 3, messageId: 'm1c' })
      .at(3200, { type: 'first_token', turn: 1, attempt: 3 })
      .at(3300, { type: 'request_finished', turn: 1, attempt: 3, finishReason: 'stop', usage: usage(10, 5) })
      .finished(3300);
    const turn = build({ s }).runs[0]!.turns[0]!;
    expect(turn.attempts.map((a) => [a.attempt, a.outcome, a.retrying, a.retryInMs])).toEqual([
      [1, 'error', true, 1000],
      [2, 'error', true, 2000],
      [3, 'ok', false, null],
    ]);
    expect(turn.attempts[0]!.error?.kind).toBe('server');
    // The turn belongs to the attempt that made it into history.
    expect(turn.messageId).toBe('m1c');
  });

  it('reports a model timeout as a timeout attempt and the run error', () => {
    const s = new RunScript('r1')
      .started()
      .at(0, { type: 'request_started', turn: 1, attempt: 1, messageId: 'm1' })
      .at(60_000, {
        type: 'request_failed',
        turn: 1,
        attempt: 1,
        error: { fault: 'system', kind: 'timeout', phase: 'first_byte', afterMs: 60_000, message: 'no bytes' },
        retryInMs: null,
      })
      .at(60_001, {
        type: 'run_finished',
        stopReason: 'error',
        usage: usage(0, 0),
        error: { fault: 'system', kind: 'timeout', phase: 'first_byte', afterMs: 60_000, message: 'no bytes' },
      });
    const run = build({ s }).runs[0]!;
    expect(run.turns[0]!.attempts[0]).toMatchObject({ outcome: 'timeout', retrying: false, end: 60_000 });
    expect(run.stopReason).toBe('error');
    expect(run.error?.kind).toBe('timeout');
  });

  it('keeps tool outcomes: error, timeout, cancelled', () => {
    const s = new RunScript('r1')
      .started()
      .request(1, 0, 10, 10)
      .tool(1, 'e', 'bad', 30, 40, 'error', 'boom')
      .tool(1, 't', 'slow', 30, 30_030, 'timeout', 'timed out after 30 s')
      .tool(1, 'c', 'long', 30, 31_000, 'cancelled')
      .finished(31_001, 'cancelled');
    const m = build({ s });
    expect(call(m, 'e')).toMatchObject({
      outcome: 'error',
      isError: true,
      result: 'boom',
      durationMs: 10,
      runStart: 30,
      end: 40,
    });
    expect(call(m, 't').outcome).toBe('timeout');
    expect(call(m, 'c').outcome).toBe('cancelled');
    expect(m.runs[0]!.stopReason).toBe('cancelled');
  });

  it('cancels a request left open by a cancelled run and interrupts a started call with no finish', () => {
    const s = new RunScript('r1')
      .started()
      .request(1, 0, 10, 10)
      .at(30, { type: 'tool_started', turn: 1, callId: 'x', name: 'hang', arguments: '{}' })
      .at(40, { type: 'request_started', turn: 2, attempt: 1, messageId: 'm2' })
      .finished(900, 'cancelled');
    const m = build({ s });
    expect(call(m, 'x')).toMatchObject({ outcome: 'interrupted', end: 900 });
    expect(m.runs[0]!.turns[1]!.attempts[0]).toMatchObject({ outcome: 'cancelled', end: 900 });
  });

  it('treats a run without run_finished but with a later run as interrupted', () => {
    const a = new RunScript('r1', 's1', 1000)
      .started()
      .request(1, 0, 10, 10)
      .at(30, { type: 'tool_started', turn: 1, callId: 'x', name: 'hang', arguments: '{}' })
      .at(80, { type: 'text_delta', turn: 1, messageId: 'm1', delta: 'hi' });
    const b = new RunScript('r2', 's1', 9000).started().request(1, 0, 10, 10, { finish: 'stop' }).finished(30);
    const m = build({ s: b }, { s: a });
    expect(m.runs.map((r) => [r.runId, r.state])).toEqual([
      ['r1', 'interrupted'],
      ['r2', 'finished'],
    ]);
    expect(m.runs[0]!.duration).toBe(80);
    expect(call(m, 'x')).toMatchObject({ outcome: 'interrupted', end: 80 });
  });

  it('uses the recorded finish time for an interrupted run marked finished on recovery', () => {
    const a = new RunScript('r1', 's1', 1000)
      .started()
      .at(5, { type: 'tool_started', turn: 1, callId: 'x', name: 'hang', arguments: '{}' });
    const m = build({ s: a, finishedAt: 1500 });
    expect(m.runs[0]).toMatchObject({ state: 'interrupted', duration: 500 });
    expect(call(m, 'x').outcome).toBe('interrupted');
  });

  it('shows a run closed by crash recovery (recovered run_finished) as interrupted, not cancelled', () => {
    const a = new RunScript('r1', 's1', 1000)
      .started()
      .request(1, 0, 10, 10)
      .at(40, { type: 'tool_started', turn: 1, callId: 'x', name: 'hang', arguments: '{}' });
    const events = a.build();
    events.push({
      type: 'run_finished',
      stopReason: 'cancelled',
      usage: usage(1, 1),
      runId: 'r1',
      seq: events.length,
      t: 40,
      sessionId: 's1',
      recovered: true,
    });
    const m = buildTimeline('s1', [{ ...a.record(1040, 'cancelled'), interrupted: true }], events, NOW);
    expect(m.runs[0]).toMatchObject({ state: 'interrupted', stopReason: null, duration: 40 });
    expect(call(m, 'x').outcome).toBe('interrupted');
  });

  it('leaves open items of a live run open and stretches the run to now', () => {
    const s = new RunScript('r1', 's1', NOW - 2000)
      .started()
      .at(0, { type: 'request_started', turn: 1, attempt: 1, messageId: 'm1' })
      .at(100, { type: 'first_token', turn: 1, attempt: 1 })
      .at(150, { type: 'tool_started', turn: 1, callId: 'x', name: 'live', arguments: '{}' });
    const m = build({ s });
    expect(m.runs[0]).toMatchObject({ state: 'live', duration: 2000 });
    expect(m.runs[0]!.turns[0]!.attempts[0]).toMatchObject({ outcome: 'running', end: null });
    expect(call(m, 'x')).toMatchObject({ outcome: 'running', end: null });
  });

  it('records the approval wait before execution and a denial without execution', () => {
    const s = new RunScript('r1')
      .started()
      .request(1, 0, 10, 10)
      .at(30, { type: 'approval_requested', turn: 1, callId: 'ok1', name: 'rm', arguments: '{"path":"a"}' })
      .at(2030, { type: 'approval_resolved', turn: 1, callId: 'ok1', decision: 'edited', arguments: '{"path":"b"}' })
      .at(2040, { type: 'tool_started', turn: 1, callId: 'ok1', name: 'rm', arguments: '{"path":"b"}' })
      .at(2100, {
        type: 'tool_finished',
        turn: 1,
        callId: 'ok1',
        name: 'rm',
        outcome: 'ok',
        durationMs: 60,
        result: 'done',
        isError: false,
      })
      .at(2200, { type: 'approval_requested', turn: 1, callId: 'no', name: 'rm', arguments: '{}' })
      .at(2500, { type: 'approval_resolved', turn: 1, callId: 'no', decision: 'denied', arguments: '{}' })
      .at(2500, {
        type: 'tool_finished',
        turn: 1,
        callId: 'no',
        name: 'rm',
        outcome: 'denied',
        durationMs: 0,
        result: 'denied by user',
        isError: true,
      })
      .finished(2600);
    const m = build({ s });
    expect(call(m, 'ok1')).toMatchObject({
      start: 30,
      runStart: 2040,
      end: 2100,
      approval: { start: 30, end: 2030, decision: 'edited' },
      arguments: '{"path":"b"}',
    });
    expect(call(m, 'no')).toMatchObject({
      start: 2200,
      runStart: null,
      end: 2500,
      outcome: 'denied',
      approval: { decision: 'denied' },
    });
  });

  it('places a call that finished without starting (invalid arguments) over its reported duration', () => {
    const s = new RunScript('r1')
      .started()
      .request(1, 0, 10, 10)
      .at(100, {
        type: 'tool_finished',
        turn: 1,
        callId: 'v',
        name: 'calc',
        outcome: 'error',
        durationMs: 0,
        result: 'invalid',
        isError: true,
        validationErrors: [{ path: '/x', message: 'must be number' }],
      })
      .finished(200);
    const c = call(build({ s }), 'v');
    expect(c).toMatchObject({ start: 100, end: 100, runStart: null, outcome: 'error' });
    expect(c.validationErrors).toEqual([{ path: '/x', message: 'must be number' }]);
  });

  it('keeps the arguments the model sent for a call rejected before it started', () => {
    const asked = (t: number, id: string, args: string): AgentEventBody => ({
      type: 'message_appended',
      message: {
        id: 'asst-1',
        createdAt: t,
        role: 'assistant',
        content: '',
        reasoning: '',
        refusal: null,
        toolCalls: [{ id, name: 'calc', arguments: args }],
        status: 'complete',
        runId: 'r1',
        turn: 1,
      },
    });
    const finished = (t: number, id: string) => ({
      type: 'tool_finished' as const,
      turn: 1,
      callId: id,
      name: 'calc',
      outcome: 'error' as const,
      durationMs: 0,
      result: 'invalid',
      isError: true,
      validationErrors: [{ path: '/x', message: 'must be number' }],
    });
    const s = new RunScript('r1')
      .started()
      .request(1, 0, 10, 10)
      .at(20, asked(20, 'before', '{"x":"two"}'))
      .at(30, finished(30, 'before'))
      // The finish may be stored ahead of the message that asked for it (a batch written out of order).
      .at(40, finished(40, 'after'))
      .at(50, asked(50, 'after', '{"x":"three"}'))
      .finished(60);
    const m = build({ s });
    expect(call(m, 'before').arguments).toBe('{"x":"two"}');
    expect(call(m, 'after').arguments).toBe('{"x":"three"}');
  });

  it('links calls to the assistant message that asked for them', () => {
    const s = new RunScript('r1')
      .started()
      .at(0, { type: 'request_started', turn: 1, attempt: 1, messageId: 'asst-1' })
      .at(5, {
        type: 'tool_call_delta',
        turn: 1,
        messageId: 'asst-1',
        index: 0,
        id: 'k',
        name: 'calc',
        argumentsDelta: '{',
      })
      .at(10, { type: 'request_finished', turn: 1, attempt: 1, finishReason: 'tool_calls', usage: usage(1, 1) })
      .at(11, { type: 'tool_started', turn: 1, callId: 'k', name: 'calc', arguments: '{}' })
      .at(12, {
        type: 'tool_finished',
        turn: 1,
        callId: 'k',
        name: 'calc',
        outcome: 'ok',
        durationMs: 1,
        result: '1',
        isError: false,
      })
      .finished(20);
    expect(call(build({ s }), 'k').messageId).toBe('asst-1');
  });

  it('collects context compaction markers on their turn', () => {
    const s = new RunScript('r1')
      .started()
      .request(1, 0, 10, 10)
      .at(25, {
        type: 'context_compacted',
        turn: 2,
        removedMessageIds: ['a', 'b'],
        summaryMessageId: 'sum',
        tokensBefore: 9000,
        tokensAfter: 3000,
      })
      .request(2, 30, 10, 10, { finish: 'stop' })
      .finished(60);
    const t2 = build({ s }).runs[0]!.turns[1]!;
    expect(t2.compactions).toEqual([{ t: 25, turn: 2, tokensBefore: 9000, tokensAfter: 3000, removed: 2 }]);
  });

  it('orders runs by start and does not depend on the order events arrive in', () => {
    const a = new RunScript('r1', 's1', 1000).started().request(1, 0, 10, 10, { finish: 'stop' }).finished(30);
    const b = new RunScript('r2', 's1', 2000).started().request(1, 0, 10, 10, { finish: 'stop' }).finished(40);
    const shuffled = [...a.build(), ...b.build()].reverse();
    const m = buildTimeline('s1', [b.record(), a.record()], shuffled, NOW);
    expect(m.runs.map((r) => [r.runId, r.index, r.duration])).toEqual([
      ['r1', 0, 30],
      ['r2', 1, 40],
    ]);
  });
});
