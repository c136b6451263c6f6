import { describe, expect, it } from 'vitest';
import type { AgentEvent, AgentEventBody } from '../../domain/run-events';
import { initialLiveRun, reduceRun, type LiveRun } from './live-run';

let seq = 0;
const ev = (body: AgentEventBody): AgentEvent => ({ ...body, runId: 'r1', seq: seq++, t: 0 }) as AgentEvent;
const fold = (events: AgentEventBody[], start: LiveRun = initialLiveRun('r1', 's1', 0)) =>
  events.reduce((s, e) => reduceRun(s, ev(e), 1000), start);

describe('reduceRun', () => {
  it('assembles streamed text and reasoning, then clears the live message when it is appended', () => {
    const mid = fold([
      { type: 'request_started', turn: 1, attempt: 1, messageId: 'm1' },
      { type: 'reasoning_delta', turn: 1, messageId: 'm1', delta: 'think' },
      { type: 'text_delta', turn: 1, messageId: 'm1', delta: 'Hel' },
      { type: 'text_delta', turn: 1, messageId: 'm1', delta: 'lo' },
    ]);
    expect(mid.streaming?.text).toBe('Hello');
    expect(mid.streaming?.reasoning).toBe('think');
    const done = fold(
      [
        {
          type: 'message_appended',
          message: {
            id: 'm1',
            createdAt: 0,
            role: 'assistant',
            content: 'Hello',
            reasoning: 'think',
            refusal: null,
            toolCalls: [],
            status: 'complete',
            runId: 'r1',
            turn: 1,
          },
        },
      ],
      mid,
    );
    expect(done.streaming).toBeNull();
    expect(done.appended.map((m) => m.id)).toEqual(['m1']);
  });

  it('starts the turn over on a retry attempt and shows when the retry comes', () => {
    const s = fold([
      { type: 'request_started', turn: 1, attempt: 1, messageId: 'm1' },
      { type: 'text_delta', turn: 1, messageId: 'm1', delta: 'partial' },
      {
        type: 'request_failed',
        turn: 1,
        attempt: 1,
        error: { fault: 'system', kind: 'rate_limited', status: 429, retryAfterMs: 2000, message: 'slow down' },
        retryInMs: 2000,
      },
    ]);
    expect(s.retry?.retryAtMs).toBe(3000);
    expect(s.error).toBeNull();
    const again = fold([{ type: 'request_started', turn: 1, attempt: 2, messageId: 'm2' }], s);
    expect(again.retry).toBeNull();
    expect(again.streaming?.text).toBe('');
  });

  it('merges tool-call fragments by index and tracks a tool through approval to its result', () => {
    const s = fold([
      { type: 'request_started', turn: 1, attempt: 1, messageId: 'm1' },
      { type: 'tool_call_delta', turn: 1, messageId: 'm1', index: 0, id: 'c1', name: 'add', argumentsDelta: '{"a":' },
      { type: 'tool_call_delta', turn: 1, messageId: 'm1', index: 0, id: '', name: '', argumentsDelta: '1}' },
      { type: 'tool_call_delta', turn: 1, messageId: 'm1', index: 1, id: 'c2', name: 'mul', argumentsDelta: '{}' },
    ]);
    expect(s.streaming?.toolCalls).toEqual([
      { index: 0, id: 'c1', name: 'add', arguments: '{"a":1}' },
      { index: 1, id: 'c2', name: 'mul', arguments: '{}' },
    ]);
    const waiting = fold([{ type: 'approval_requested', turn: 1, callId: 'c1', name: 'add', arguments: '{"a":1}' }], s);
    expect(waiting.status).toBe('awaiting_approval');
    expect(waiting.tools.c1?.status).toBe('awaiting_approval');
    const finished = fold(
      [
        { type: 'approval_resolved', turn: 1, callId: 'c1', decision: 'edited', arguments: '{"a":2}' },
        { type: 'tool_started', turn: 1, callId: 'c1', name: 'add', arguments: '{"a":2}' },
        {
          type: 'tool_finished',
          turn: 1,
          callId: 'c1',
          name: 'add',
          outcome: 'ok',
          durationMs: 12,
          result: '3',
          isError: false,
        },
      ],
      waiting,
    );
    expect(finished.status).toBe('running_tools');
    expect(finished.tools.c1).toMatchObject({ arguments: '{"a":2}', status: 'ok', durationMs: 12, result: '3' });
  });

  it('maps stop reasons to session statuses and keeps the run error', () => {
    const err = { fault: 'user' as const, kind: 'auth' as const, status: 401, message: 'bad key' };
    expect(
      fold([
        {
          type: 'run_finished',
          stopReason: 'cancelled',
          usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0, estimated: false },
        },
      ]).status,
    ).toBe('cancelled');
    const failed = fold([
      { type: 'request_failed', turn: 1, attempt: 1, error: err, retryInMs: null },
      {
        type: 'run_finished',
        stopReason: 'error',
        usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0, estimated: false },
        error: err,
      },
    ]);
    expect(failed.status).toBe('failed');
    expect(failed.error).toEqual(err);
    expect(
      fold([
        {
          type: 'run_finished',
          stopReason: 'max_turns',
          usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2, estimated: true },
        },
      ]),
    ).toMatchObject({ status: 'finished', stopReason: 'max_turns' });
  });

  it('sums usage per turn and per run, keeping the estimated mark', () => {
    const s = fold([
      {
        type: 'request_finished',
        turn: 1,
        attempt: 1,
        finishReason: 'tool_calls',
        usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15, estimated: false },
      },
      {
        type: 'request_finished',
        turn: 2,
        attempt: 1,
        finishReason: 'stop',
        usage: { promptTokens: 20, completionTokens: 3, totalTokens: 23, estimated: true },
      },
    ]);
    expect(s.usage).toEqual({ promptTokens: 30, completionTokens: 8, totalTokens: 38, estimated: true });
    expect(s.turnUsage[1]?.estimated).toBe(false);
    expect(s.turnUsage[2]?.totalTokens).toBe(23);
  });

  it('times each turn from its first request_started to its latest request_finished, retries included', () => {
    const at = (t: number, body: AgentEventBody): AgentEvent => ({ ...body, runId: 'r1', seq: seq++, t }) as AgentEvent;
    const usage = { promptTokens: 1, completionTokens: 1, totalTokens: 2, estimated: false };
    const s = [
      at(100, { type: 'request_started', turn: 1, attempt: 1, messageId: 'm1' }),
      at(400, {
        type: 'request_failed',
        turn: 1,
        attempt: 1,
        error: { fault: 'system', kind: 'server', status: 503, message: '503' },
        retryInMs: 100,
      }),
      at(500, { type: 'request_started', turn: 1, attempt: 2, messageId: 'm1' }),
      at(1600, { type: 'request_finished', turn: 1, attempt: 2, finishReason: 'stop', usage }),
      at(2000, { type: 'request_started', turn: 2, attempt: 1, messageId: 'm2' }),
    ].reduce((st, e) => reduceRun(st, e, 0), initialLiveRun('r1', 's1', 0));
    expect(s.turnMs).toEqual({ 1: 1500 });
    expect(s.turnStartT[2]).toBe(2000);
  });

  it("adds the tokens of sampling requests a tool call's server had run to the run, not to a turn", () => {
    const sampled = { promptTokens: 30, completionTokens: 12, totalTokens: 42, estimated: false };
    const s = fold([
      {
        type: 'request_finished',
        turn: 1,
        attempt: 1,
        finishReason: 'tool_calls',
        usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15, estimated: false },
      },
      { type: 'tool_started', turn: 1, callId: 'c1', name: 'haiku', arguments: '{}' },
      {
        type: 'tool_finished',
        turn: 1,
        callId: 'c1',
        name: 'haiku',
        outcome: 'ok',
        durationMs: 5,
        result: 'pond',
        isError: false,
        sampling: [{ model: 'm', usage: sampled, startMs: 1, durationMs: 2 }],
      },
    ]);
    expect(s.usage).toEqual({ promptTokens: 40, completionTokens: 17, totalTokens: 57, estimated: false });
    expect(s.turnUsage[1]?.totalTokens).toBe(15);
    expect(s.tools.c1?.status).toBe('ok');
  });
});
