import { afterEach, describe, expect, it } from 'vitest';
import type { ToolCall } from '../domain/messages';
import type { ToolscopeDB } from './database';
import { createPersister } from './persister';
import { recoverSession } from './recover';
import { createSession } from './sessions-repo';
import { assistantMsg, userMsg } from './testing/message-builders';
import { freshDB } from './testing/fresh-db';
import { manualTimers } from './testing/manual-timers';
import { runEmitter } from './testing/run-emitter';

let db: ToolscopeDB;
afterEach(() => db?.close());

const usage = { promptTokens: 10, completionTokens: 5, totalTokens: 15, estimated: false };

describe('live tool progress in storage', () => {
  it('keeps what a running tool printed and received on its row, so a reload mid-call (and recovery) still shows it', async () => {
    ({ db } = freshDB());
    await createSession(db, { id: 's', title: 'T', model: 'm0', now: 1 });
    const p = createPersister(db, 's', { timers: manualTimers() });
    const run = runEmitter('r1', p);
    const calls: ToolCall[] = [{ id: 'c1', name: 'slow', arguments: '{}' }];
    run.emit({ type: 'run_started', sessionId: 's', model: 'm', startedAt: 1000 }, 0);
    run.emit({ type: 'message_appended', message: userMsg('u1', 'go') });
    run.emit({ type: 'request_started', turn: 1, attempt: 1, messageId: 'a1' });
    run.emit({ type: 'request_finished', turn: 1, attempt: 1, finishReason: 'tool_calls', usage });
    run.emit({ type: 'message_appended', message: assistantMsg('a1', 'r1', 1, '', calls) });
    run.emit({ type: 'tool_started', turn: 1, callId: 'c1', name: 'slow', arguments: '{}' });
    run.emit({
      type: 'tool_progress',
      turn: 1,
      callId: 'c1',
      logs: [{ level: 'log', text: 'one', t: 5 }],
      bytesReceived: 100,
      bytesTotal: 300,
    });
    run.emit({
      type: 'tool_progress',
      turn: 1,
      callId: 'c1',
      logs: [{ level: 'warn', text: 'two', t: 9 }],
      bytesReceived: 200,
    });
    await p.flush();
    expect(await db.toolCalls.get(['a1', 'c1'])).toMatchObject({
      status: 'running',
      logs: [
        { level: 'log', text: 'one', t: 5 },
        { level: 'warn', text: 'two', t: 9 },
      ],
      bytesReceived: 200,
      bytesTotal: 300,
    });
    expect(
      await db.events
        .where('sessionId')
        .equals('s')
        .filter((e) => e.type === 'tool_progress')
        .count(),
    ).toBe(2);

    // The page closes here: recovery answers the call, and the lines printed so far stay with it.
    await recoverSession(db, 's', { now: () => 5000 });
    const row = await db.toolCalls.get(['a1', 'c1']);
    expect(row?.status).not.toBe('running');
    expect(row?.logs.map((l) => l.text)).toEqual(['one', 'two']);
  });

  it("a result replaces the live lines with the tool's whole log; a progress event after it changes nothing", async () => {
    ({ db } = freshDB());
    await createSession(db, { id: 's', title: 'T', model: 'm0', now: 1 });
    const p = createPersister(db, 's', { timers: manualTimers() });
    const run = runEmitter('r1', p);
    run.emit({ type: 'run_started', sessionId: 's', model: 'm', startedAt: 1000 }, 0);
    run.emit({ type: 'message_appended', message: userMsg('u1', 'go') });
    run.emit({ type: 'request_started', turn: 1, attempt: 1, messageId: 'a1' });
    run.emit({
      type: 'message_appended',
      message: assistantMsg('a1', 'r1', 1, '', [{ id: 'c1', name: 'slow', arguments: '{}' }]),
    });
    run.emit({ type: 'tool_started', turn: 1, callId: 'c1', name: 'slow', arguments: '{}' });
    run.emit({ type: 'tool_progress', turn: 1, callId: 'c1', logs: [{ level: 'log', text: 'one', t: 5 }] });
    run.emit({
      type: 'tool_finished',
      turn: 1,
      callId: 'c1',
      name: 'slow',
      outcome: 'ok',
      durationMs: 9,
      result: 'r',
      isError: false,
      logs: [
        { level: 'log', text: 'one', t: 5 },
        { level: 'log', text: 'end', t: 8 },
      ],
    });
    run.emit({ type: 'tool_progress', turn: 1, callId: 'c1', logs: [{ level: 'log', text: 'late', t: 20 }] });
    await p.flush();
    expect((await db.toolCalls.get(['a1', 'c1']))?.logs.map((l) => l.text)).toEqual(['one', 'end']);
  });
});
