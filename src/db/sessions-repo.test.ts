import { afterEach, describe, expect, it } from 'vitest';
import type { ToolscopeDB } from './database';
import { listMessages } from './messages-repo';
import { listSessionEvents } from './events-repo';
import {
  createSession,
  deleteSession,
  getSession,
  listSessions,
  renameSession,
  searchSessions,
  updateSession,
} from './sessions-repo';
import { freshDB } from './testing/fresh-db';
import { listSessionMcpTasks } from './mcp-tasks-repo';
import type { McpTaskRecord } from '../domain/mcp-task';

let db: ToolscopeDB;
afterEach(() => db?.close());

async function seedSession(id: string, updatedAt: number) {
  await createSession(db, { id, title: `Chat ${id}`, model: 'gpt-4o', now: updatedAt });
  await db.messages.bulkPut([
    { id: `${id}-u`, sessionId: id, order: 0, role: 'user', content: 'hi', createdAt: 1 },
    {
      id: `${id}-a`,
      sessionId: id,
      order: 1,
      role: 'assistant',
      content: 'yo',
      reasoning: '',
      refusal: null,
      toolCalls: [{ id: 'c1', name: 'f', arguments: '{}' }],
      status: 'complete',
      runId: `${id}-r`,
      turn: 1,
      createdAt: 2,
    },
    {
      id: `${id}-t`,
      sessionId: id,
      order: 2,
      role: 'tool',
      toolCallId: 'c1',
      name: 'f',
      content: 'ok',
      isError: false,
      outcome: 'ok',
      runId: `${id}-r`,
      turn: 1,
      createdAt: 3,
    },
  ]);
  await db.toolCalls.put({
    id: 'c1',
    sessionId: id,
    runId: `${id}-r`,
    turn: 1,
    messageId: `${id}-a`,
    name: 'f',
    arguments: '{}',
    validation: 'ok',
    validationErrors: [],
    result: 'ok',
    isError: false,
    status: 'ok',
    startedAt: 1,
    finishedAt: 2,
    durationMs: 1,
    logs: [],
  });
  await db.runs.put({
    id: `${id}-r`,
    sessionId: id,
    startedAt: 1,
    finishedAt: 9,
    stopReason: 'complete',
    usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2, estimated: false },
  });
  await db.events.bulkPut(
    [0, 1, 2].map(
      (seq) => ({ type: 'first_token', turn: 1, attempt: 1, runId: `${id}-r`, seq, t: seq, sessionId: id }) as const,
    ),
  );
}

describe('sessions repository', () => {
  it('creates, renames, lists by last activity and searches by title', async () => {
    ({ db } = freshDB());
    await createSession(db, { id: 'a', title: 'Paris weather', model: 'm', now: 10 });
    await createSession(db, { id: 'b', title: 'Tax questions', model: 'm', now: 20 });
    await createSession(db, { id: 'c', model: 'm', now: 30 });
    expect((await listSessions(db)).map((s) => s.id)).toEqual(['c', 'b', 'a']);

    await updateSession(db, 'a', { status: 'finished', messageCount: 4 }, 40);
    expect((await listSessions(db, { limit: 2 })).map((s) => s.id)).toEqual(['a', 'c']);
    expect(await getSession(db, 'a')).toMatchObject({ status: 'finished', messageCount: 4, updatedAt: 40 });

    expect(await renameSession(db, 'c', '  Weather in Rome ')).toBe(true);
    expect((await getSession(db, 'c'))?.title).toBe('Weather in Rome');
    expect((await getSession(db, 'c'))?.updatedAt).toBe(30);
    expect((await searchSessions(db, 'WEATHER')).map((s) => s.id)).toEqual(['a', 'c']);
    expect(await searchSessions(db, 'nothing')).toEqual([]);
    expect(await renameSession(db, 'missing', 'x')).toBe(false);
  });

  it('deletes a session with all its records in one transaction, and undo restores all of them', async () => {
    ({ db } = freshDB());
    await seedSession('s1', 10);
    await seedSession('s2', 20);
    let clock = 1000;
    const res = await deleteSession(db, 's1', { now: () => clock, undoWindowMs: 5000 });
    if (!res.ok) throw new Error('expected ok');

    expect(await getSession(db, 's1')).toBeUndefined();
    expect(await listMessages(db, 's1')).toEqual([]);
    expect(await db.toolCalls.where('sessionId').equals('s1').count()).toBe(0);
    expect(await db.runs.where('sessionId').equals('s1').count()).toBe(0);
    expect(await listSessionEvents(db, 's1')).toEqual([]);
    // The other session is untouched.
    expect(await listMessages(db, 's2')).toHaveLength(3);
    expect(await db.events.where('sessionId').equals('s2').count()).toBe(3);

    clock = 5999;
    expect(await res.undo.undo()).toBe(true);
    expect(await getSession(db, 's1')).toMatchObject({ title: 'Chat s1' });
    expect((await listMessages(db, 's1')).map((m) => m.id)).toEqual(['s1-u', 's1-a', 's1-t']);
    expect(await db.toolCalls.get(['s1-a', 'c1'])).toMatchObject({ result: 'ok' });
    expect(await db.runs.get('s1-r')).toMatchObject({ stopReason: 'complete' });
    expect((await listSessionEvents(db, 's1')).map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(await res.undo.undo()).toBe(false);
  });

  it("deletes the session's MCP task lanes with it, and undo brings them back", async () => {
    ({ db } = freshDB());
    await seedSession('s1', 10);
    await seedSession('s2', 20);
    const task = (callId: string, sessionId: string): McpTaskRecord => ({
      callId,
      sessionId,
      serverId: 'srv',
      serverName: 'jobs',
      toolName: 'long_job',
      taskId: `task-${callId}`,
      status: 'completed',
      createdAt: 1,
      updatedAt: 2,
      endText: 'done',
    });
    await db.mcpTasks.bulkPut([task('s1-c1', 's1'), task('s1-c2', 's1'), task('s2-c1', 's2')]);
    let clock = 0;
    const res = await deleteSession(db, 's1', { now: () => clock, undoWindowMs: 1000 });
    if (!res.ok) throw new Error('expected ok');
    expect(await listSessionMcpTasks(db, 's1')).toEqual([]);
    expect((await listSessionMcpTasks(db, 's2')).map((t) => t.callId)).toEqual(['s2-c1']);
    clock = 500;
    expect(await res.undo.undo()).toBe(true);
    expect((await listSessionMcpTasks(db, 's1')).map((t) => t.callId).sort()).toEqual(['s1-c1', 's1-c2']);
    expect(await db.mcpTasks.get('s1-c2')).toEqual(task('s1-c2', 's1'));
  });

  it('refuses undo after the window and reports a missing session', async () => {
    ({ db } = freshDB());
    await seedSession('s1', 10);
    let clock = 0;
    const res = await deleteSession(db, 's1', { now: () => clock, undoWindowMs: 3000 });
    if (!res.ok) throw new Error('expected ok');
    clock = 3001;
    expect(await res.undo.undo()).toBe(false);
    expect(await getSession(db, 's1')).toBeUndefined();
    expect(await deleteSession(db, 'nope')).toEqual({ ok: false, reason: 'not_found' });
  });

  it('rolls back a delete that fails midway (one transaction)', async () => {
    ({ db } = freshDB());
    await seedSession('s1', 10);
    const sessions = db.sessions;
    const original = sessions.delete.bind(sessions);
    // The session row is deleted last, after messages/toolCalls/runs/events deletes were issued in the same transaction.
    (sessions as { delete: unknown }).delete = () => Promise.reject(new Error('boom'));
    await expect(deleteSession(db, 's1')).rejects.toThrow('boom');
    (sessions as { delete: unknown }).delete = original;
    expect(await getSession(db, 's1')).toBeDefined();
    expect(await listMessages(db, 's1')).toHaveLength(3);
    expect(await db.toolCalls.where('sessionId').equals('s1').count()).toBe(1);
  });
});
