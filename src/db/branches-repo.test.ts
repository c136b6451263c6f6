import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { zeroUsage } from '../domain/messages';
import { ROOT_BRANCH } from '../domain/branches';
import { openToolscopeDB, type ToolscopeDB } from './database';
import { dropEmptyBranch, loadSkeleton, startBranch, switchBranch } from './branches-repo';
import { listMessages, loadHistory } from './messages-repo';
import { createPersister } from './persister';
import { declareV1 } from './schema/schema-v1';
import { SCHEMA_V2_CHANGES, upgradeToV2 } from './schema/schema-v2';
import { createSession } from './sessions-repo';
import { assistantMsg, userMsg } from './testing/message-builders';
import { freshDB } from './testing/fresh-db';
import { runEmitter } from './testing/run-emitter';

let db: ToolscopeDB;
afterEach(() => db?.close());

describe('branches in storage', () => {
  it('upgrades a version-2 database with data: every session is one straight path, and branches work on it', async () => {
    const factory = new IDBFactory();
    const v2 = new Dexie('toolscope', { indexedDB: factory, IDBKeyRange });
    declareV1(v2);
    v2.version(2).stores(SCHEMA_V2_CHANGES).upgrade(upgradeToV2);
    await v2.table('sessions').add({
      id: 's1',
      title: 'Old',
      model: 'm',
      status: 'finished',
      createdAt: 1,
      updatedAt: 2,
      messageCount: 4,
      toolCallCount: 0,
      usage: zeroUsage(),
      settings: {},
    });
    await v2.table('messages').bulkAdd([
      { ...userMsg('u1', 'one'), sessionId: 's1', order: 0 },
      { ...assistantMsg('a1', 'r1', 1, 'reply one'), sessionId: 's1', order: 1 },
      { ...userMsg('u2', 'two'), sessionId: 's1', order: 2 },
      { ...assistantMsg('a2', 'r1', 2, 'reply two'), sessionId: 's1', order: 3 },
    ]);
    v2.close();

    db = openToolscopeDB('toolscope', { indexedDB: factory, IDBKeyRange });
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(4);
    expect((await loadSkeleton(db, 's1'))?.path).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect((await loadHistory(db, 's1')).map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);

    // Edit of u2: a branch after a1; the next run's messages land there, the old path stays whole.
    const started = await startBranch(db, 's1', 'a1', { id: 'b1', now: 5 });
    expect(started).toEqual({ branchId: 'b1', previous: ROOT_BRANCH });
    expect((await loadHistory(db, 's1')).map((m) => m.id)).toEqual(['u1', 'a1']);
    const p = createPersister(db, 's1');
    const run = runEmitter('r2', p);
    run.emit({ type: 'run_started', sessionId: 's1', model: 'm', startedAt: 10 }, 0);
    run.emit({ type: 'message_appended', message: userMsg('u2x', 'two, edited') });
    run.emit({ type: 'message_appended', message: assistantMsg('a2x', 'r2', 1, 'other reply') });
    await p.close();
    expect((await listMessages(db, 's1')).find((m) => m.id === 'u2x')).toMatchObject({ branchId: 'b1', order: 4 });
    expect((await loadHistory(db, 's1')).map((m) => m.id)).toEqual(['u1', 'a1', 'u2x', 'a2x']);

    expect(await switchBranch(db, 's1', ROOT_BRANCH)).toBe(true);
    expect((await loadHistory(db, 's1')).map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(await switchBranch(db, 's1', 'nope')).toBe(false);
  });

  it('a branch whose run stored nothing is removed and the previous one shown again', async () => {
    ({ db } = freshDB());
    await createSession(db, { id: 's', model: 'm' });
    await db.messages.bulkAdd([
      { ...userMsg('u1', 'q'), sessionId: 's', order: 0 },
      { ...assistantMsg('a1', 'r', 1, 'x'), sessionId: 's', order: 1 },
    ]);
    const b = await startBranch(db, 's', 'u1');
    if (!b) throw new Error('no branch');
    expect(await dropEmptyBranch(db, 's', b.branchId, b.previous)).toBe(true);
    const session = await db.sessions.get('s');
    expect(session?.branches).toEqual([]);
    expect(session?.activeBranchId).toBe(ROOT_BRANCH);
    expect((await loadHistory(db, 's')).map((m) => m.id)).toEqual(['u1', 'a1']);
  });
});

describe('fork', () => {
  it('copies the active path up to a message (with its tool results) into a new session that links back', async () => {
    ({ db } = freshDB());
    const { forkSession } = await import('./fork-session');
    const { toolMsg } = await import('./testing/message-builders');
    const settings = {
      systemPrompt: 'be brief',
      maxTurns: 3,
      topP: 0.5,
      maxRetries: 1,
      toolConcurrency: 2,
      toolOutputLimitBytes: 2048,
      toolsEnabled: false,
      memoryEnabled: false,
      apiFormat: 'responses' as const,
      contextLimit: 9000,
    };
    await createSession(db, {
      id: 's',
      title: 'Source',
      model: 'm',
      settings,
      endpoint: { baseURL: 'http://127.0.0.1:9/v1' },
    });
    const call = { id: 'c1', name: 'f', arguments: '{}' };
    await db.messages.bulkAdd([
      { ...userMsg('u1', 'q'), sessionId: 's', order: 0 },
      { ...assistantMsg('a1', 'r', 1, '', [call]), sessionId: 's', order: 1 },
      { ...toolMsg('t1', 'r', 1, call, 'ok'), sessionId: 's', order: 2 },
      { ...assistantMsg('a2', 'r', 2, 'done'), sessionId: 's', order: 3 },
    ]);
    await db.toolCalls.add({
      id: 'c1',
      sessionId: 's',
      runId: 'r',
      turn: 1,
      messageId: 'a1',
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
    let n = 0;
    const fork = await forkSession(db, 's', 'a1', { newId: () => `n${++n}`, now: 9 });
    expect(fork).toMatchObject({
      title: 'Source (fork)',
      model: 'm',
      settings,
      forkedFrom: { sessionId: 's', messageId: 'a1', title: 'Source' },
    });
    // The endpoint and every per-session setting come along, as stored.
    const stored = await db.sessions.get(fork!.id);
    expect(stored?.endpoint).toEqual({ baseURL: 'http://127.0.0.1:9/v1' });
    expect(stored?.settings).toEqual(settings);
    const copied = await loadHistory(db, fork!.id);
    expect(copied.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(copied.some((m) => ['u1', 'a1', 't1'].includes(m.id))).toBe(false);
    expect(await db.toolCalls.where('sessionId').equals(fork!.id).count()).toBe(1);
    // The source is untouched.
    expect((await loadHistory(db, 's')).map((m) => m.id)).toEqual(['u1', 'a1', 't1', 'a2']);
  });
});
