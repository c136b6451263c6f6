import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { zeroUsage } from '../../domain/messages';
import { declareVersions, openToolscopeDB } from '../database';
import { getToolSet, listSessionToolSets } from '../tool-sets-repo';
import { deleteSession } from '../sessions-repo';

describe('schema version 11', () => {
  it('upgrades a version 10 database holding a session, its request and a test case: all kept, tool sets stored per session', async () => {
    const factory = new IDBFactory();
    const v10 = new Dexie('toolscope', { indexedDB: factory, IDBKeyRange });
    declareVersions(v10, 10);
    await v10.open();
    await v10.table('sessions').add({
      id: 's1',
      title: 'Old',
      model: 'm',
      status: 'finished',
      createdAt: 1,
      updatedAt: 2,
      messageCount: 0,
      usage: zeroUsage(),
      settings: {},
      toolCallCount: 0,
    });
    const started = {
      runId: 'r1',
      seq: 0,
      t: 0,
      sessionId: 's1',
      type: 'request_started',
      turn: 1,
      attempt: 1,
      messageId: 'm1',
    };
    await v10.table('events').add(started);
    await v10.table('evalCases').add({
      id: 'c1',
      suiteId: 'x',
      name: 'case',
      createdAt: 1,
      updatedAt: 1,
      request: { model: 'm', messages: [], tools: [] },
      recorded: [],
      checks: [],
    });
    v10.close();

    const db = openToolscopeDB('toolscope', { indexedDB: factory, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(13);
    expect(await db.sessions.get('s1')).toMatchObject({ title: 'Old' });
    // A request stored before v11 names no tool set: it reads as "not recorded".
    expect(await db.events.get(['r1', 0])).toEqual(started);
    expect(await db.evalCases.get('c1')).toMatchObject({ name: 'case' });
    expect(await listSessionToolSets(db, 's1')).toEqual([]);

    const set = {
      sessionId: 's1',
      hash: 'a'.repeat(64),
      tools: [{ name: 't', description: 'd', parameters: { type: 'object' }, source: { kind: 'custom' as const } }],
    };
    await db.toolSets.put(set);
    await db.toolSets.put(set);
    expect(await db.toolSets.count()).toBe(1);
    expect(await getToolSet(db, 's1', set.hash)).toEqual(set);
    // A session's tool sets go with it, and come back with Undo.
    const deleted = await deleteSession(db, 's1');
    expect(await db.toolSets.count()).toBe(0);
    if (deleted.ok) await deleted.undo.undo();
    expect(await getToolSet(db, 's1', set.hash)).toEqual(set);
    db.close();
  });
});
