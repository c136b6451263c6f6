import { afterEach, describe, expect, it } from 'vitest';
import type { ToolscopeDB } from './database';
import { listSessionEvents } from './events-repo';
import { addMemory, deleteMemory, listMemories, updateMemory } from './memories-repo';
import { appendMessage, listMessages, loadHistory, nextOrder } from './messages-repo';
import { createSession, getSession } from './sessions-repo';
import { getSetting, isNumber, setSetting } from './settings-repo';
import { freshDB } from './testing/fresh-db';
import { userMsg } from './testing/message-builders';

let db: ToolscopeDB;
afterEach(() => db?.close());

describe('messages, events, settings and memories repositories', () => {
  it('appends messages in order and leaves a live streaming partial out of the history', async () => {
    ({ db } = freshDB());
    await createSession(db, { id: 's', model: 'm', now: 1 });
    expect(await nextOrder(db, 's')).toBe(0);
    await appendMessage(db, 's', userMsg('u1', 'one', 10));
    await db.messages.put({
      id: 'p',
      sessionId: 's',
      order: 1,
      role: 'assistant',
      content: 'typ',
      reasoning: '',
      refusal: null,
      toolCalls: [],
      status: 'streaming',
      runId: 'r',
      turn: 1,
      createdAt: 30,
    });
    await appendMessage(db, 's', userMsg('u2', 'two', 20));
    await appendMessage(db, 'other', userMsg('o1', 'elsewhere'));
    expect((await listMessages(db, 's')).map((m) => [m.id, m.order])).toEqual([
      ['u1', 0],
      ['p', 1],
      ['u2', 2],
    ]);
    const history = await loadHistory(db, 's');
    expect(history).toEqual([userMsg('u1', 'one', 10), userMsg('u2', 'two', 20)]);
    expect(await getSession(db, 's')).toMatchObject({ messageCount: 2, updatedAt: 20 });
  });

  it("orders a session's events by run start, then seq", async () => {
    ({ db } = freshDB());
    const u = { promptTokens: 0, completionTokens: 0, totalTokens: 0, estimated: false };
    // Run ids deliberately sort against their start order.
    await db.runs.bulkPut([
      { id: 'z-first', sessionId: 's', startedAt: 1, finishedAt: 2, stopReason: 'complete', usage: u },
      { id: 'a-second', sessionId: 's', startedAt: 5, finishedAt: 6, stopReason: 'complete', usage: u },
    ]);
    const ev = (runId: string, seq: number) =>
      ({ type: 'first_token', turn: 1, attempt: 1, runId, seq, t: seq, sessionId: 's' }) as const;
    await db.events.bulkPut([
      ev('a-second', 1),
      ev('z-first', 1),
      ev('a-second', 0),
      ev('z-first', 0),
      { ...ev('x', 0), sessionId: 'other' },
    ]);
    expect((await listSessionEvents(db, 's')).map((e) => `${e.runId}:${e.seq}`)).toEqual([
      'z-first:0',
      'z-first:1',
      'a-second:0',
      'a-second:1',
    ]);
  });

  it('settings fall back when missing or of the wrong type', async () => {
    ({ db } = freshDB());
    expect(await getSetting(db, 'maxTurns', isNumber, 25)).toBe(25);
    await setSetting(db, 'maxTurns', 'ten');
    expect(await getSetting(db, 'maxTurns', isNumber, 25)).toBe(25);
    await setSetting(db, 'maxTurns', 10);
    expect(await getSetting(db, 'maxTurns', isNumber, 25)).toBe(10);
  });

  it('memories list newest first and drop a stale embedding when the text changes', async () => {
    ({ db } = freshDB());
    await addMemory(db, { id: 'm1', text: 'likes tea', embedding: [1, 0], embeddingModel: 'e', now: 1 });
    await addMemory(db, { id: 'm2', text: 'lives in Oslo', now: 2 });
    expect((await listMemories(db)).map((m) => m.id)).toEqual(['m2', 'm1']);
    await updateMemory(db, 'm1', { text: 'likes coffee' }, 3);
    expect((await listMemories(db))[0]).toMatchObject({
      id: 'm1',
      text: 'likes coffee',
      embedding: null,
      embeddingModel: null,
    });
    await deleteMemory(db, 'm2');
    expect((await listMemories(db)).map((m) => m.id)).toEqual(['m1']);
  });
});
