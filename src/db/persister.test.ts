import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../domain/run-events';
import type { ToolCall } from '../domain/messages';
import type { ToolscopeDB } from './database';
import { listMessages, loadHistory } from './messages-repo';
import { createPersister, type Persister } from './persister';
import { createSession, getSession } from './sessions-repo';
import { assistantMsg, toolMsg, userMsg } from './testing/message-builders';
import { freshDB } from './testing/fresh-db';
import { manualTimers } from './testing/manual-timers';
import { runEmitter } from './testing/run-emitter';

let db: ToolscopeDB;
afterEach(() => db?.close());

const usage = { promptTokens: 10, completionTokens: 5, totalTokens: 15, estimated: false };

async function setup(opts: Parameters<typeof createPersister>[2] = {}) {
  ({ db } = freshDB());
  await createSession(db, { id: 's', title: 'T', model: 'm0', now: 1 });
  const timers = manualTimers();
  const p: Persister = createPersister(db, 's', { timers, ...opts });
  const run = runEmitter('r1', p);
  run.emit({ type: 'run_started', sessionId: 's', model: 'gpt-4o', startedAt: 1000 }, 0);
  run.emit({ type: 'message_appended', message: userMsg('u1', 'weather?') });
  return { p, run, timers };
}

describe('persister', () => {
  it('batches 1,000 text deltas into a handful of writes, and the partial reaches storage on each tick', async () => {
    const { p, run, timers } = await setup();
    await p.flush();
    const tx = vi.spyOn(db, 'transaction');
    const msgPut = vi.spyOn(db.messages, 'bulkPut');
    run.emit({ type: 'request_started', turn: 1, attempt: 1, messageId: 'a1' });
    let expected = '';
    for (let i = 0; i < 1000; i++) {
      run.emit({ type: 'text_delta', turn: 1, messageId: 'a1', delta: `w${i} ` });
      expected += `w${i} `;
      if (i % 250 === 249) {
        timers.fire(); // about one tick per second of streaming
        await p.flush();
        const stored = await db.messages.get('a1');
        expect(stored).toMatchObject({ role: 'assistant', status: 'streaming', content: expected, order: 1 });
      }
    }
    expect(tx.mock.calls.length).toBeLessThanOrEqual(4);
    // architecture.md, invariant 2: shown text is stored within a second — every batch is scheduled at most 1 s out.
    expect(timers.delays.length).toBeGreaterThan(0);
    expect(Math.max(...timers.delays)).toBeLessThanOrEqual(1000);
    run.emit({ type: 'request_finished', turn: 1, attempt: 1, finishReason: 'stop', usage });
    run.emit({ type: 'message_appended', message: assistantMsg('a1', 'r1', 1, expected) });
    run.emit({ type: 'run_finished', stopReason: 'complete', usage });
    await p.close();
    expect(tx.mock.calls.length).toBeLessThanOrEqual(6);
    expect(msgPut.mock.calls.length).toBeLessThanOrEqual(6);
    expect(await db.events.where('sessionId').equals('s').count()).toBe(run.events.length);
    const messages = await listMessages(db, 's');
    expect(messages.map((m) => [m.id, m.order])).toEqual([
      ['u1', 0],
      ['a1', 1],
    ]);
    expect(messages[1]).toMatchObject({ status: 'complete', content: expected });
    expect(await getSession(db, 's')).toMatchObject({
      status: 'finished',
      model: 'gpt-4o',
      messageCount: 2,
      usage,
      updatedAt: 1000 + run.events.at(-1)!.t,
    });
    expect(await db.runs.get('r1')).toMatchObject({
      stopReason: 'complete',
      usage,
      finishedAt: 1000 + run.events.at(-1)!.t,
    });
  });

  it('writes a turn (assistant message + tool rows, then all tool results) each in one transaction', async () => {
    const { p, run } = await setup();
    await p.flush();
    const calls: ToolCall[] = [
      { id: 'c1', name: 'weather', arguments: '{"city":"Paris"}' },
      { id: 'c2', name: 'time', arguments: '{}' },
    ];
    run.emit({ type: 'request_started', turn: 1, attempt: 1, messageId: 'a1' });
    run.emit({ type: 'request_finished', turn: 1, attempt: 1, finishReason: 'tool_calls', usage });
    run.emit({ type: 'message_appended', message: assistantMsg('a1', 'r1', 1, '', calls) });
    const tx = vi.spyOn(db, 'transaction');
    await p.flush();
    expect(await getSession(db, 's')).toMatchObject({ status: 'running_tools', toolCallCount: 2, messageCount: 2 });
    expect(await db.toolCalls.get(['a1', 'c1'])).toMatchObject({ status: 'pending', arguments: '{"city":"Paris"}' });

    run.emit({ type: 'tool_started', turn: 1, callId: 'c1', name: 'weather', arguments: calls[0]!.arguments });
    run.emit({ type: 'approval_requested', turn: 1, callId: 'c2', name: 'time', arguments: '{}' });
    await p.flush();
    expect(await getSession(db, 's')).toMatchObject({ status: 'awaiting_approval' });
    run.emit({ type: 'approval_resolved', turn: 1, callId: 'c2', decision: 'edited', arguments: '{"tz":"UTC"}' });
    run.emit({
      type: 'tool_finished',
      turn: 1,
      callId: 'c1',
      name: 'weather',
      outcome: 'ok',
      durationMs: 5,
      result: 'sunny',
      isError: false,
      validation: 'ok',
    });
    run.emit({ type: 'message_appended', message: toolMsg('t1', 'r1', 1, calls[0]!, 'sunny') });
    await p.flush();
    // The first result is held until its group is complete.
    expect(await db.messages.get('t1')).toBeUndefined();
    expect(await db.toolCalls.get(['a1', 'c2'])).toMatchObject({ status: 'pending', arguments: '{"tz":"UTC"}' });

    tx.mockClear();
    run.emit({ type: 'tool_started', turn: 1, callId: 'c2', name: 'time', arguments: '{"tz":"UTC"}' });
    run.emit({
      type: 'tool_finished',
      turn: 1,
      callId: 'c2',
      name: 'time',
      outcome: 'error',
      durationMs: 2,
      result: 'bad tz',
      isError: true,
      validationErrors: [{ path: '/tz', message: 'enum' }],
    });
    run.emit({
      type: 'message_appended',
      message: { ...toolMsg('t2', 'r1', 1, calls[1]!, 'bad tz'), isError: true, outcome: 'error' },
    });
    await p.flush();
    expect(tx).toHaveBeenCalledTimes(1);
    const messages = await listMessages(db, 's');
    expect(messages.map((m) => [m.id, m.order])).toEqual([
      ['u1', 0],
      ['a1', 1],
      ['t1', 2],
      ['t2', 3],
    ]);
    expect(await db.toolCalls.get(['a1', 'c1'])).toMatchObject({
      status: 'ok',
      result: 'sunny',
      validation: 'ok',
      durationMs: 5,
    });
    expect(await db.toolCalls.get(['a1', 'c2'])).toMatchObject({
      status: 'error',
      isError: true,
      validation: 'schema',
      validationErrors: [{ path: '/tz', message: 'enum' }],
    });
    expect(await getSession(db, 's')).toMatchObject({ messageCount: 4, toolCallCount: 2 });
  });

  it("deletes a failed attempt's partial so it never becomes history", async () => {
    const { p, run, timers } = await setup();
    run.emit({ type: 'request_started', turn: 1, attempt: 1, messageId: 'x1' });
    run.emit({ type: 'text_delta', turn: 1, messageId: 'x1', delta: 'Half an ans' });
    timers.fire();
    await p.flush();
    expect(await db.messages.get('x1')).toMatchObject({ status: 'streaming' });
    run.emit({
      type: 'request_failed',
      turn: 1,
      attempt: 1,
      error: { fault: 'system', kind: 'network', message: 'reset' },
      retryInMs: 500,
    });
    run.emit({ type: 'request_started', turn: 1, attempt: 2, messageId: 'x2' });
    run.emit({ type: 'text_delta', turn: 1, messageId: 'x2', delta: 'Full answer' });
    run.emit({ type: 'message_appended', message: assistantMsg('x2', 'r1', 1, 'Full answer') });
    run.emit({ type: 'run_finished', stopReason: 'complete', usage });
    await p.close();
    expect(await db.messages.get('x1')).toBeUndefined();
    expect((await loadHistory(db, 's')).map((m) => m.id)).toEqual(['u1', 'x2']);
  });

  it('keeps streamed text the loop never committed as a cancelled message, and records the run error', async () => {
    const { p, run } = await setup();
    run.emit({ type: 'request_started', turn: 1, attempt: 1, messageId: 'a1' });
    run.emit({ type: 'text_delta', turn: 1, messageId: 'a1', delta: 'Partial' });
    const error = { fault: 'system', kind: 'server', status: 500, message: 'oops' } as const;
    run.emit({ type: 'run_finished', stopReason: 'error', usage, error });
    await p.close();
    expect(await db.messages.get('a1')).toMatchObject({ status: 'cancelled', content: 'Partial', order: 1 });
    expect(await getSession(db, 's')).toMatchObject({ status: 'failed', lastError: error, messageCount: 2 });
  });

  it('continues message order after existing history and adds to existing usage', async () => {
    ({ db } = freshDB());
    await createSession(db, { id: 's', model: 'm', now: 1 });
    await db.sessions.update('s', { usage, messageCount: 5 });
    await db.messages.put({ ...userMsg('old', 'earlier'), sessionId: 's', order: 4 });
    const p = createPersister(db, 's', { timers: manualTimers() });
    const run = runEmitter('r2', p);
    run.emit({ type: 'run_started', sessionId: 's', model: 'm', startedAt: 50 });
    run.emit({ type: 'message_appended', message: userMsg('u2', 'again') });
    run.emit({ type: 'run_finished', stopReason: 'cancelled', usage });
    await p.close();
    expect(await db.messages.get('u2')).toMatchObject({ order: 5 });
    expect(await getSession(db, 's')).toMatchObject({
      status: 'cancelled',
      messageCount: 6,
      usage: { totalTokens: 30 },
    });
  });

  it('on QuotaExceededError reports a storage error once, keeps events pending, leaves stored data intact, and catches up later', async () => {
    const onError = vi.fn();
    const onRecovered = vi.fn();
    const { p, run, timers } = await setup({ onError, onRecovered });
    await p.flush();
    const before = await db.events.count();
    const quota = vi.spyOn(db.events, 'bulkPut').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    run.emit({ type: 'request_started', turn: 1, attempt: 1, messageId: 'a1' });
    run.emit({ type: 'text_delta', turn: 1, messageId: 'a1', delta: 'Hello' });
    timers.fire();
    await p.flush();
    run.emit({ type: 'message_appended', message: assistantMsg('a1', 'r1', 1, 'Hello') });
    await p.flush();

    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toMatchObject({
      fault: 'system',
      kind: 'storage',
      message: expect.stringMatching(/storage is full/i),
    });
    expect(onError.mock.calls[0]![1]).toMatchObject({ failure: 'quota' });
    expect(p.storageError()).not.toBeNull();
    // Nothing of the failed transactions landed: the stored data is as before.
    expect(await db.events.count()).toBe(before);
    expect(await db.messages.get('a1')).toBeUndefined();
    expect(await getSession(db, 's')).toMatchObject({ status: 'generating', messageCount: 1 });
    expect(p.pending().map((e: AgentEvent) => e.seq)).toEqual(run.events.slice(2).map((e) => e.seq));
    expect(p.pendingMessages().map((m) => [m.id, m.order])).toEqual([['a1', 1]]);
    const unsaved = p.unsavedRecords();
    expect(unsaved?.messages.map((m) => [m.id, m.order, m.content])).toEqual([['a1', 1, 'Hello']]);
    expect(unsaved?.events.map((e) => e.seq)).toEqual(run.events.slice(2).map((e) => e.seq));
    expect(unsaved?.run).toMatchObject({ id: 'r1', sessionId: 's', finishedAt: null });
    expect(unsaved?.status).toBe('generating');

    quota.mockRestore();
    run.emit({ type: 'run_finished', stopReason: 'complete', usage });
    await p.close();
    expect(onRecovered).toHaveBeenCalledTimes(1);
    expect(p.pending()).toEqual([]);
    expect(p.unsavedRecords()).toBeNull();
    expect(await db.events.count()).toBe(run.events.length);
    expect(await db.messages.get('a1')).toMatchObject({ status: 'complete', content: 'Hello' });
  });

  it('recognises a quota error wrapped by Dexie and IndexedDB being unavailable', async () => {
    const onError = vi.fn();
    const { p, run } = await setup({ onError });
    await p.flush();
    const wrapped = Object.assign(new Error('Transaction aborted'), {
      name: 'AbortError',
      inner: new DOMException('x', 'QuotaExceededError'),
    });
    const spy = vi.spyOn(db.messages, 'bulkPut').mockRejectedValue(wrapped);
    run.emit({ type: 'message_appended', message: userMsg('u2', 'more') });
    await p.flush();
    expect(onError.mock.calls[0]![1]).toMatchObject({ failure: 'quota' });
    spy.mockRestore();

    const onError2 = vi.fn();
    db.close();
    const p2 = createPersister(db, 's', { onError: onError2, timers: manualTimers() });
    p2({ type: 'run_started', sessionId: 's', model: 'm', startedAt: 1, runId: 'r9', seq: 0, t: 0 });
    await p2.flush();
    expect(onError2.mock.calls[0]![0]).toMatchObject({
      kind: 'storage',
      message: expect.stringMatching(/unavailable/i),
    });
    expect(p2.pending()).toHaveLength(1);
  });
});
