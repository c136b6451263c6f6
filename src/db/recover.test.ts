import { afterEach, describe, expect, it } from 'vitest';
import { findHistoryProblems } from '../domain/history-check';
import type { ChatMessage, ToolCall } from '../domain/messages';
import type { ToolscopeDB } from './database';
import { listRunEvents } from './events-repo';
import { listMessages, loadHistory } from './messages-repo';
import { createPersister } from './persister';
import { INTERRUPTED_RESULT, recoverInterrupted, repairHistory } from './recover';
import { createSession, getSession } from './sessions-repo';
import { assistantMsg, toolMsg, userMsg } from './testing/message-builders';
import { freshDB } from './testing/fresh-db';
import { manualTimers } from './testing/manual-timers';
import { runEmitter } from './testing/run-emitter';

let db: ToolscopeDB;
afterEach(() => db?.close());

const calls: ToolCall[] = [
  { id: 'c1', name: 'weather', arguments: '{}' },
  { id: 'c2', name: 'time', arguments: '{}' },
];

/** Runs a persister up to a point and stops as a closed page would: no run_finished. */
async function crashedSession(id: string, stage: 'mid_tools' | 'mid_stream' | 'empty_partial') {
  await createSession(db, { id, model: 'm', now: 1 });
  const p = createPersister(db, id, { timers: manualTimers() });
  const run = runEmitter(`${id}-r`, p);
  const runId = `${id}-r`;
  run.emit({ type: 'run_started', sessionId: id, model: 'm', startedAt: 100 });
  run.emit({ type: 'message_appended', message: userMsg(`${id}-u`, 'go') });
  run.emit({ type: 'request_started', turn: 1, attempt: 1, messageId: `${id}-a1` });
  if (stage === 'empty_partial') {
    run.emit({ type: 'first_token', turn: 1, attempt: 1 });
    await p.flush();
    // An empty partial row, as a reload right after the first (empty) chunk could leave it.
    await db.messages.put({ ...assistantMsg(`${id}-a1`, runId, 1, ''), status: 'streaming', sessionId: id, order: 1 });
    return;
  }
  if (stage === 'mid_stream') {
    run.emit({ type: 'text_delta', turn: 1, messageId: `${id}-a1`, delta: 'The answer is' });
    await p.flush();
    return;
  }
  run.emit({ type: 'message_appended', message: assistantMsg(`${id}-a1`, runId, 1, 'Checking', calls) });
  run.emit({ type: 'tool_started', turn: 1, callId: 'c1', name: 'weather', arguments: '{}' });
  run.emit({ type: 'tool_started', turn: 1, callId: 'c2', name: 'time', arguments: '{}' });
  run.emit({
    type: 'tool_finished',
    turn: 1,
    callId: 'c1',
    name: 'weather',
    outcome: 'ok',
    durationMs: 3,
    result: 'sunny',
    isError: false,
  });
  run.emit({ type: 'message_appended', message: toolMsg(`${id}-t1`, runId, 1, calls[0]!, 'sunny') });
  await p.flush();
}

describe('recoverInterrupted', () => {
  it('gives every unanswered tool call an interrupted result, so the history is valid and can continue', async () => {
    ({ db } = freshDB());
    await crashedSession('s', 'mid_tools');
    expect(findHistoryProblems(await loadHistory(db, 's'))).not.toEqual([]);

    const report = await recoverInterrupted(db, {
      isLocked: async () => false,
      now: () => 5000,
      newId: (() => {
        let n = 0;
        return () => `rec-${n++}`;
      })(),
    });
    expect(report).toEqual({ recovered: ['s'], skippedLocked: [] });

    const history = await loadHistory(db, 's');
    expect(findHistoryProblems(history)).toEqual([]);
    const results = history.filter((m) => m.role === 'tool');
    expect(results).toHaveLength(2);
    // c1 finished before the page closed (its result was shown): it keeps its real result. c2 was still running.
    expect(results.map((m) => m.role === 'tool' && [m.toolCallId, m.outcome, m.isError, m.content])).toEqual([
      ['c1', 'ok', false, 'sunny'],
      ['c2', 'interrupted', true, INTERRUPTED_RESULT],
    ]);
    const rows = await db.toolCalls.where('sessionId').equals('s').toArray();
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      ['c1', 'ok'],
      ['c2', 'interrupted'],
    ]);
    expect(await getSession(db, 's')).toMatchObject({ status: 'interrupted', messageCount: 4, toolCallCount: 2 });
    expect(await db.runs.get('s-r')).toMatchObject({ stopReason: 'cancelled', interrupted: true });
    const events = await listRunEvents(db, 's-r');
    expect(events.at(-1)).toMatchObject({
      type: 'run_finished',
      stopReason: 'cancelled',
      recovered: true,
      seq: events.length - 1,
    });

    // Running it again changes nothing.
    expect(await recoverInterrupted(db, { isLocked: async () => false })).toEqual({ recovered: [], skippedLocked: [] });
    expect(await listMessages(db, 's')).toHaveLength(4);
  });

  it('keeps a mid-stream partial marked interrupted, and an empty one too', async () => {
    ({ db } = freshDB());
    await crashedSession('a', 'mid_stream');
    await crashedSession('b', 'empty_partial');
    await recoverInterrupted(db, { isLocked: async () => false });
    expect(await db.messages.get('a-a1')).toMatchObject({ status: 'interrupted', content: 'The answer is' });
    expect(await db.messages.get('b-a1')).toMatchObject({ status: 'interrupted', content: '' });
    for (const id of ['a', 'b']) {
      const history = await loadHistory(db, id);
      expect(history.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(findHistoryProblems(history)).toEqual([]);
      expect((await getSession(db, id))?.status).toBe('interrupted');
    }
  });

  it('skips a session whose run another tab holds', async () => {
    ({ db } = freshDB());
    await crashedSession('live', 'mid_stream');
    const report = await recoverInterrupted(db, { isLocked: async (id) => id === 'live' });
    expect(report).toEqual({ recovered: [], skippedLocked: ['live'] });
    expect(await db.messages.get('live-a1')).toMatchObject({ status: 'streaming' });
    expect((await getSession(db, 'live'))?.status).toBe('generating');
  });

  it('places missing results right after their group, before the next message', () => {
    const rec = (m: ChatMessage, order: number) => ({ ...m, sessionId: 's', order });
    const records = [
      rec(userMsg('u', 'x'), 0),
      rec(assistantMsg('a', 'r', 1, '', calls), 1),
      rec(toolMsg('t2', 'r', 1, calls[1]!, 'ok'), 2),
      rec(userMsg('u2', 'y'), 3),
    ];
    const { messages } = repairHistory(records, 9, () => 'new');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ toolCallId: 'c1', outcome: 'interrupted' });
    expect(messages[0]!.order).toBeGreaterThan(2);
    expect(messages[0]!.order).toBeLessThan(3);
  });
});
