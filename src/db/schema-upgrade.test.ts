import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { zeroUsage } from '../domain/messages';
import { openToolscopeDB } from './database';
import { declareV1, SCHEMA_V1, type SessionRecordV1 } from './schema-v1';

describe('schema versions', () => {
  it('opens a database written by version 1 and upgrades its data', async () => {
    const factory = new IDBFactory();
    const v1 = new Dexie('toolscope', { indexedDB: factory, IDBKeyRange });
    declareV1(v1);
    const s1: SessionRecordV1 = {
      id: 's1', title: 'Weather', model: 'gpt-4o', status: 'finished', createdAt: 1, updatedAt: 5,
      messageCount: 2, usage: zeroUsage(), settings: {},
    };
    await v1.table('sessions').bulkAdd([s1, { ...s1, id: 's2', title: 'Empty', updatedAt: 6 }]);
    const call = (id: string, messageId: string) => ({ id, sessionId: 's1', runId: 'r1', messageId, turn: 1, name: 'f', status: 'ok' });
    await v1.table('toolCalls').bulkAdd([call('c1', 'm1'), call('c2', 'm1'), call('c1', 'm3')]);
    await v1.table('messages').add({ id: 'm0', sessionId: 's1', order: 0, role: 'user', content: 'hi', createdAt: 1 });
    v1.close();

    const db = openToolscopeDB('toolscope', { indexedDB: factory, IDBKeyRange });
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(3);
    const sessions = await db.sessions.orderBy('id').toArray();
    expect(sessions.map((s) => [s.id, s.toolCallCount])).toEqual([['s1', 3], ['s2', 0]]);
    expect(sessions[0]?.title).toBe('Weather');
    // The new status index and memories table work on the upgraded database.
    expect(await db.sessions.where('status').equals('finished').count()).toBe(2);
    await db.memories.add({ id: 'mem', text: 'x', createdAt: 1, updatedAt: 1, sourceSessionId: null, embedding: null, embeddingModel: null });
    expect(await db.memories.count()).toBe(1);
    expect(await db.messages.get('m0')).toMatchObject({ content: 'hi', order: 0 });
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
      ['events', 'mcpServers', 'mcpTasks', 'memories', 'messages', 'runs', 'secrets', 'sessions', 'settings', 'syncChanges', 'toolCalls', 'tools'].sort(),
    );
    db.close();
  });
});
