import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInSlices, nativeVersionOf } from './create-in-slices';
import { declareVersions } from './database';

/** The schema as the browser holds it: per store, its key path, autoIncrement and each index's shape. */
function nativeShape(idb: IDBDatabase): Record<string, unknown> {
  const names = [...idb.objectStoreNames].sort();
  const out: Record<string, unknown> = { version: idb.version };
  if (names.length === 0) return out;
  const tx = idb.transaction(names, 'readonly');
  for (const name of names) {
    const store = tx.objectStore(name);
    const indexes = [...store.indexNames].sort().map((i) => {
      const idx = store.index(i);
      return [i, idx.keyPath, idx.unique, idx.multiEntry];
    });
    out[name] = { keyPath: store.keyPath, auto: store.autoIncrement, indexes };
  }
  return out;
}

function openNative(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(name);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('open failed'));
  });
}

function app(factory: IDBFactory, last = Infinity): Dexie {
  const db = new Dexie('toolscope', { indexedDB: factory, IDBKeyRange });
  declareVersions(db, last);
  return db;
}

afterEach(() => vi.restoreAllMocks());

describe('creating a first visit’s database in slices', () => {
  it('makes the same stores and indexes, at the same version, as Dexie makes on a first open', async () => {
    const byDexie = new IDBFactory();
    const reference = app(byDexie);
    await reference.open();
    reference.close();
    const expected = nativeShape(await openNative(byDexie, 'toolscope'));

    const sliced = new IDBFactory();
    const db = app(sliced);
    const outcome = await createInSlices(
      sliced,
      'toolscope',
      nativeVersionOf(db),
      db.tables.map((t) => t.schema),
    );
    expect(outcome).toBe('created');
    const made = await openNative(sliced, 'toolscope');
    expect(nativeShape(made)).toEqual(expected);
    made.close();
  });

  it('creates in several callbacks of the upgrade, not in one', async () => {
    const counts = vi.spyOn(IDBObjectStore.prototype, 'count');
    const factory = new IDBFactory();
    const db = app(factory);
    const schemas = db.tables.map((t) => t.schema);
    // A budget of 0 ms: one table per slice, so one pending count() between each two tables.
    expect(await createInSlices(factory, 'toolscope', nativeVersionOf(db), schemas, 0)).toBe('created');
    expect(schemas.length).toBeGreaterThan(10);
    expect(counts).toHaveBeenCalledTimes(schemas.length - 1);
  });

  it('is opened by Dexie as a database already at its version: no schema warning, reads and writes work', async () => {
    const warn = vi.spyOn(console, 'warn');
    const factory = new IDBFactory();
    const first = app(factory);
    await createInSlices(
      factory,
      'toolscope',
      nativeVersionOf(first),
      first.tables.map((t) => t.schema),
      0,
    );
    await first.open();
    expect(first.verno).toBe(13);
    await first.table('settings').put({ key: 'k', value: 1 });
    expect(await first.table('settings').get('k')).toEqual({ key: 'k', value: 1 });
    first.close();
    expect(warn).not.toHaveBeenCalled();
  });

  it('leaves a database from an older version alone, so Dexie runs its upgrades', async () => {
    const factory = new IDBFactory();
    const old = app(factory, 8);
    await old.open();
    await old.table('settings').put({ key: 'kept', value: true });
    old.close();
    const db = app(factory);
    expect(
      await createInSlices(
        factory,
        'toolscope',
        nativeVersionOf(db),
        db.tables.map((t) => t.schema),
        0,
      ),
    ).toBe('exists');
    const untouched = await openNative(factory, 'toolscope');
    expect(untouched.version).toBe(80);
    untouched.close();
    await db.open();
    expect(db.verno).toBe(13);
    expect(await db.table('settings').get('kept')).toEqual({ key: 'kept', value: true });
    expect(db.tables.map((t) => t.name)).toContain('traceIndex');
    db.close();
  });

  it('says the database exists when it is already at the current version', async () => {
    const factory = new IDBFactory();
    const db = app(factory);
    await db.open();
    db.close();
    expect(
      await createInSlices(
        factory,
        'toolscope',
        nativeVersionOf(db),
        db.tables.map((t) => t.schema),
      ),
    ).toBe('exists');
  });
});
