import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { zeroUsage } from '../../domain/messages';
import { declareVersions, openToolscopeDB } from '../database';
import { addTraceSource, listTraceSources, removeTraceSource, traceSourceSecret } from '../traces-repo';
import { listSessions } from '../sessions-repo';

describe('schema version 12', () => {
  it('upgrades a version 11 database holding a session: all kept, the trace inbox tables empty and usable', async () => {
    const factory = new IDBFactory();
    const v11 = new Dexie('toolscope', { indexedDB: factory, IDBKeyRange });
    declareVersions(v11, 11);
    await v11.open();
    await v11.table('sessions').add({
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
    await v11.table('toolSets').put({ sessionId: 's1', hash: 'b'.repeat(64), tools: [] });
    v11.close();

    const db = openToolscopeDB('toolscope', { indexedDB: factory, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(13);
    expect(await db.sessions.get('s1')).toMatchObject({ title: 'Old' });
    expect(await db.toolSets.count()).toBe(1);
    expect(await listTraceSources(db)).toEqual([]);

    // A source's secret lives in the secrets table, never in its record; removing the source removes both, and a
    // trace opened from it and not kept.
    await addTraceSource(
      db,
      {
        id: 'src',
        config: {
          kind: 's3',
          endpoint: 'http://127.0.0.1:9',
          region: 'us-east-1',
          bucket: 'b',
          prefix: '',
          accessKeyId: 'AK',
        },
        createdAt: 3,
        checkedAt: null,
        problem: null,
      },
      'the-secret',
    );
    expect(JSON.stringify(await db.traceSources.get('src'))).not.toContain('the-secret');
    expect(await traceSourceSecret(db, 'src')).toBe('the-secret');
    await db.sessions.add({
      id: 'opened',
      title: 'A trace',
      model: 'm',
      status: 'idle',
      createdAt: 4,
      updatedAt: 4,
      messageCount: 0,
      usage: zeroUsage(),
      settings: {},
      toolCallCount: 0,
      importedTrace: true,
      openedTrace: { sourceId: 'src', traceId: 'abc' },
    });
    await db.traceIndex.put({
      sourceId: 'src',
      traceId: 'abc',
      name: 'run',
      rooted: true,
      start: 1,
      end: 2,
      spanCount: 1,
      models: [],
      toolCalls: 0,
      errors: 0,
      usage: [],
      names: 'run',
      search: '',
      sessionId: 'opened',
    });
    expect((await listSessions(db)).map((s) => s.id)).toEqual(['s1']);
    await removeTraceSource(db, 'src');
    expect(await traceSourceSecret(db, 'src')).toBeNull();
    expect(await db.sessions.get('opened')).toBeUndefined();
    expect(await db.traceIndex.count()).toBe(0);
    db.close();
  });
});
