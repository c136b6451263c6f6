import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openToolscopeDB } from '../db/database';
import { addMemory } from '../db/memories-repo';
import { appendMessage, loadHistory } from '../db/messages-repo';
import { createSession, renameSession } from '../db/sessions-repo';
import type { SyncFlag } from '../db/sync-change-log';
import type { BlobStore } from './blob-store';
import { connectVault } from './connect-vault';
import { readChangeLog, settleChangeLog } from './local-changes';
import { MemoryBlobStore } from './memory-store';
import { syncRound } from './sync-round';
import { formatHlc } from './hlc';
import { loadMeta, saveMeta, SyncStateDB } from './sync-state-db';
import { testDevice } from './testing/sync-device';

const user = (id: string, content: string) => ({ id, role: 'user' as const, content, createdAt: 1 });

/** A device whose page can be closed and reopened: one IndexedDB and one localStorage flag across page loads. */
async function reopenable(store: BlobStore) {
  const factory = new IDBFactory();
  let value: string | null = null;
  const flag: SyncFlag = { get: () => value, set: (v) => (value = v) };
  const { key } = await connectVault(store, 'test passphrase', 1000);
  const open = () => ({
    db: openToolscopeDB('app', { indexedDB: factory, IDBKeyRange }, flag),
    state: new SyncStateDB('app-sync', { indexedDB: factory, IDBKeyRange }),
  });
  let page = open();
  return {
    get db() {
      return page.db;
    },
    sync: (over: Partial<{ store: BlobStore }> = {}) =>
      syncRound({ db: page.db, state: page.state, store, key, ...over }),
    reload() {
      page.db.close();
      page.state.close();
      page = open();
    },
  };
}

async function seeded(store: BlobStore) {
  const a = await reopenable(store);
  await createSession(a.db, { id: 's1', title: 'Start', model: 'm' });
  for (let i = 0; i < 20; i++) await appendMessage(a.db, 's1', user(`m${i}`, `message ${i}`));
  const first = await a.sync();
  expect(first.localRead).toBeGreaterThanOrEqual(21); // the one-time full read
  return a;
}

describe('the change log feeds the outbox', () => {
  it('logs nothing while sync is off on the device', async () => {
    const db = openToolscopeDB('off', { indexedDB: new IDBFactory(), IDBKeyRange });
    await createSession(db, { id: 's1', title: 'Local only', model: 'm' });
    expect(await db.syncChanges.count()).toBe(0);
  });

  it('a change made before the page was closed is sent after the reload, reading only that record', async () => {
    const store = new MemoryBlobStore();
    const a = await seeded(store);
    const b = await testDevice(store);
    await b.sync();
    await renameSession(a.db, 's1', 'Renamed before closing');
    a.reload();
    const round = await a.sync();
    expect(round.localRead).toBe(1);
    expect(round.uploaded).toBe(1);
    expect(await a.db.syncChanges.count()).toBe(0);
    await b.sync();
    expect((await b.db.sessions.get('s1'))?.title).toBe('Renamed before closing');
  });

  it('a write whose transaction aborted logs nothing and sends nothing', async () => {
    const store = new MemoryBlobStore();
    const a = await seeded(store);
    const failed = a.db.transaction('rw', a.db.sessions, a.db.messages, async () => {
      await a.db.sessions.update('s1', { title: 'Never stored' });
      await a.db.messages.put({ ...(await a.db.messages.get('m0'))!, content: 'never stored' });
      throw new Error('the write failed');
    });
    await expect(failed).rejects.toThrow('the write failed');
    expect(await a.db.syncChanges.count()).toBe(0);
    const round = await a.sync();
    expect(round).toMatchObject({ localRead: 0, uploaded: 0 });
  });

  it('writes made while a round runs are kept for the next one, even to a record the round just stamped', async () => {
    const store = new MemoryBlobStore();
    const a = await seeded(store);
    const b = await testDevice(store);
    await b.sync();
    await renameSession(a.db, 's1', 'First rename');
    let wrote = false;
    // The storage is listed after the round has stamped and before it settles the log.
    const during: BlobStore = {
      putIfAbsent: (p, body) => store.putIfAbsent(p, body),
      get: (p) => store.get(p),
      delete: (p) => store.delete(p),
      list: async (p) => {
        if (!wrote) {
          wrote = true;
          await renameSession(a.db, 's1', 'Second rename');
          await appendMessage(a.db, 's1', user('during', 'written during the round'));
        }
        return store.list(p);
      },
    };
    expect((await a.sync({ store: during })).uploaded).toBe(1);
    expect(await a.db.syncChanges.count()).toBeGreaterThanOrEqual(2);
    await a.sync();
    await b.sync();
    expect((await b.db.sessions.get('s1'))?.title).toBe('Second rename');
    expect((await loadHistory(b.db, 's1')).map((m) => m.id).at(-1)).toBe('during');
  });

  it('a record written again between reading the log and settling it keeps its row (a write during the stamping)', async () => {
    const a = await seeded(new MemoryBlobStore());
    await renameSession(a.db, 's1', 'Read by the round');
    await appendMessage(a.db, 's1', user('read', 'read by the round'));
    const read = await readChangeLog(a.db);
    await renameSession(a.db, 's1', 'Written while it stamped');
    await settleChangeLog(a.db, read, new Set());
    expect((await a.db.syncChanges.toArray()).map((r) => r.k)).toEqual([['sessions', 's1']]);
    expect((await a.sync()).localRead).toBe(1);
  });

  it('a range delete (a cleared table) names no keys: the next round compares everything once', async () => {
    const store = new MemoryBlobStore();
    const a = await seeded(store);
    await addMemory(a.db, { text: 'remember this' });
    await a.sync();
    const b = await testDevice(store);
    await b.sync();
    expect(await b.db.memories.count()).toBe(1);
    await a.db.memories.clear();
    expect((await a.sync()).localRead).toBeGreaterThanOrEqual(21);
    await b.sync();
    expect(await b.db.memories.count()).toBe(0);
    expect((await a.sync()).localRead).toBe(0);
  });
});

describe("sync's own state", () => {
  it('upgrades to version 2 keeping every row, each record of a session indexed by it', async () => {
    const factory = new IDBFactory();
    const v1 = new Dexie('app-sync', { indexedDB: factory, IDBKeyRange });
    v1.version(1).stores({ entities: 'k', meta: 'key' });
    const e = (sid: string) => ({ f: { sessionId: [{ v: sid, h: '0000000000001-0000-dev' }] } });
    await v1.table('entities').bulkAdd([
      { k: 'messages/m1', e: e('s1'), mat: '{}' },
      { k: 'sessions/s1', e: { f: {} }, mat: '{}' },
    ]);
    v1.close();
    const state = new SyncStateDB('app-sync', { indexedDB: factory, IDBKeyRange });
    expect((await state.entities.where('s').equals('s1').toArray()).map((r) => r.k)).toEqual(['messages/m1']);
    expect(await state.entities.count()).toBe(2);
    state.close();
  });

  it('an outbox an older version kept in the state record goes up on the next round', async () => {
    const store = new MemoryBlobStore();
    const a = await testDevice(store);
    await a.sync();
    const meta = await loadMeta(a.state);
    const h = formatHlc({ ms: Date.now(), counter: 0 }, meta.deviceId);
    meta.outbox = [
      {
        k: 'memories/old',
        f: {
          id: { v: 'old', h },
          text: { v: 'from the old outbox', h },
          createdAt: { v: 1, h },
          updatedAt: { v: 1, h },
          _del: { v: false, h },
        },
      },
    ];
    await saveMeta(a.state, meta);
    expect((await a.sync()).uploaded).toBe(1);
    expect((await loadMeta(a.state)).outbox).toBeUndefined();
    expect(await a.state.outbox.count()).toBe(0);
    const b = await testDevice(store);
    await b.sync();
    expect((await b.db.memories.get('old'))?.text).toBe('from the old outbox');
  });
});
