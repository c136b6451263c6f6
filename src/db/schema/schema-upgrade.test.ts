import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { zeroUsage } from '../../domain/messages';
import { openToolscopeDB } from '../database';
import { declareV1, SCHEMA_V1, type SessionRecordV1 } from './schema-v1';
import { SCHEMA_V2_CHANGES } from './schema-v2';
import { SCHEMA_V3_CHANGES } from './schema-v3';
import { SCHEMA_V4_CHANGES } from './schema-v4';
import { SCHEMA_V5_CHANGES } from './schema-v5';

describe('schema versions', () => {
  it('opens a database written by version 1 and upgrades its data', async () => {
    const factory = new IDBFactory();
    const v1 = new Dexie('toolscope', { indexedDB: factory, IDBKeyRange });
    declareV1(v1);
    const s1: SessionRecordV1 = {
      id: 's1',
      title: 'Weather',
      model: 'gpt-4o',
      status: 'finished',
      createdAt: 1,
      updatedAt: 5,
      messageCount: 2,
      usage: zeroUsage(),
      settings: {},
    };
    await v1.table('sessions').bulkAdd([s1, { ...s1, id: 's2', title: 'Empty', updatedAt: 6 }]);
    const call = (id: string, messageId: string) => ({
      id,
      sessionId: 's1',
      runId: 'r1',
      messageId,
      turn: 1,
      name: 'f',
      status: 'ok',
    });
    await v1.table('toolCalls').bulkAdd([call('c1', 'm1'), call('c2', 'm1'), call('c1', 'm3')]);
    await v1.table('messages').add({ id: 'm0', sessionId: 's1', order: 0, role: 'user', content: 'hi', createdAt: 1 });
    v1.close();

    const db = openToolscopeDB('toolscope', { indexedDB: factory, IDBKeyRange });
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(3);
    const sessions = await db.sessions.orderBy('id').toArray();
    expect(sessions.map((s) => [s.id, s.toolCallCount])).toEqual([
      ['s1', 3],
      ['s2', 0],
    ]);
    expect(sessions[0]?.title).toBe('Weather');
    // The new status index and memories table work on the upgraded database.
    expect(await db.sessions.where('status').equals('finished').count()).toBe(2);
    await db.memories.add({
      id: 'mem',
      text: 'x',
      createdAt: 1,
      updatedAt: 1,
      sourceSessionId: null,
      embedding: null,
      embeddingModel: null,
    });
    expect(await db.memories.count()).toBe(1);
    expect(await db.messages.get('m0')).toMatchObject({ content: 'hi', order: 0 });
    db.close();
  });

  it('upgrades a version 5 database holding data to the current version: everything stays, View events can be stored', async () => {
    const factory = new IDBFactory();
    const v5 = new Dexie('toolscope', { indexedDB: factory, IDBKeyRange });
    declareV1(v5);
    v5.version(2).stores(SCHEMA_V2_CHANGES);
    v5.version(3).stores(SCHEMA_V3_CHANGES);
    v5.version(4).stores(SCHEMA_V4_CHANGES);
    v5.version(5).stores(SCHEMA_V5_CHANGES);
    await v5.open();
    await v5.table('sessions').add({
      id: 's5',
      title: 'Board',
      model: 'm',
      status: 'finished',
      createdAt: 1,
      updatedAt: 2,
      messageCount: 0,
      usage: zeroUsage(),
      settings: {},
      toolCallCount: 0,
    });
    await v5.table('mcpTasks').add({
      callId: 'c5',
      sessionId: 's5',
      serverId: 'x',
      serverName: 'x',
      toolName: 't',
      taskId: 'k',
      status: 'working',
      createdAt: 1,
      updatedAt: 1,
    });
    v5.close();

    const db = openToolscopeDB('toolscope', { indexedDB: factory, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(13);
    expect(await db.sessions.get('s5')).toMatchObject({ title: 'Board' });
    expect(await db.mcpTasks.get('c5')).toMatchObject({ taskId: 'k' });
    const event = {
      sessionId: 's5',
      callId: 'c5',
      seq: 1,
      serverName: 'x',
      toolName: 't',
      at: 3,
      method: 'ui/message',
      outcome: 'ok' as const,
      params: '{}',
    };
    await db.mcpViewEvents.add(event);
    expect(await db.mcpViewEvents.where('sessionId').equals('s5').toArray()).toEqual([event]);
    db.close();
  });

  it('keeps version 1 exactly as shipped (browsers hold databases it wrote)', () => {
    // A literal copy on purpose: editing schema-v1.ts must fail here, not pass through the upgrade test that uses it.
    expect(SCHEMA_V1).toEqual({
      sessions: 'id, updatedAt, title',
      messages: 'id, [sessionId+order]',
      toolCalls: '[messageId+id], id, sessionId, runId',
      runs: 'id, sessionId',
      events: '[runId+seq], sessionId',
      tools: 'id, &name',
      settings: 'key',
      secrets: 'key',
    });
  });

  it('creates every table on a fresh database', async () => {
    const db = openToolscopeDB('fresh', { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
    expect(db.tables.map((t) => t.name).sort()).toEqual(
      [
        'evalCases',
        'evalRuns',
        'evalSuites',
        'events',
        'mcpServers',
        'mcpTasks',
        'mcpViewEvents',
        'memories',
        'messages',
        'runs',
        'secrets',
        'sessions',
        'settings',
        'syncChanges',
        'toolCalls',
        'toolSets',
        'tools',
        'traceFiles',
        'traceIndex',
        'traceParts',
        'traceSources',
        'wireExchanges',
      ].sort(),
    );
    db.close();
  });
});
