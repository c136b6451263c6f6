import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { zeroUsage } from '../../domain/messages';
import { openToolscopeDB } from '../database';
import { declareV1 } from './schema-v1';
import { SCHEMA_V2_CHANGES, upgradeToV2 } from './schema-v2';
import { SCHEMA_V3_CHANGES } from './schema-v3';
import { SCHEMA_V4_CHANGES } from './schema-v4';
import { SCHEMA_V5_CHANGES } from './schema-v5';
import type { SyncFlag } from '../sync-change-log';

describe('schema version 8', () => {
  it('upgrades a version 5 database holding data, keeping it, and logs writes once sync is on', async () => {
    const factory = new IDBFactory();
    const v5 = new Dexie('toolscope', { indexedDB: factory, IDBKeyRange });
    declareV1(v5);
    v5.version(2).stores(SCHEMA_V2_CHANGES).upgrade(upgradeToV2);
    v5.version(3).stores(SCHEMA_V3_CHANGES);
    v5.version(4).stores(SCHEMA_V4_CHANGES);
    v5.version(5).stores(SCHEMA_V5_CHANGES);
    await v5.table('sessions').add({
      id: 's1',
      title: 'Kept',
      model: 'm',
      status: 'finished',
      createdAt: 1,
      updatedAt: 2,
      messageCount: 1,
      usage: zeroUsage(),
      settings: {},
      toolCallCount: 0,
    });
    await v5
      .table('messages')
      .add({ id: 'm1', sessionId: 's1', order: 0, role: 'user', content: 'hello', createdAt: 1 });
    v5.close();

    let on: string | null = null;
    const flag: SyncFlag = { get: () => on, set: (v) => (on = v) };
    const db = openToolscopeDB('toolscope', { indexedDB: factory, IDBKeyRange }, flag);
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(8);
    expect(await db.sessions.get('s1')).toMatchObject({ title: 'Kept' });
    expect(await db.messages.get('m1')).toMatchObject({ content: 'hello' });
    await db.sessions.update('s1', { title: 'Off' });
    expect(await db.syncChanges.count()).toBe(0);
    flag.set('on');
    await db.sessions.update('s1', { title: 'On' });
    await db.messages.where('sessionId').equals('s1').delete();
    expect((await db.syncChanges.toArray()).map((r) => r.k)).toEqual([
      ['messages', 'm1'],
      ['sessions', 's1'],
    ]);
    db.close();
  });
});
