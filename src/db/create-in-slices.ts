import type { Dexie, IndexSpec, TableSchema } from 'dexie';

/** What a first-visit creation found: it made the tables, the database was already there, or it could not tell. */
type SlicedCreation = 'created' | 'exists' | 'failed';

/** The IndexedDB version Dexie opens for its declared version (Dexie stores `version × 10` natively). */
export function nativeVersionOf(db: Pick<Dexie, 'verno'>): number {
  return Math.round(db.verno * 10);
}

/**
 * On a first visit, creates the database's tables before Dexie opens it, a few per task (architecture.md,
 * "Start-up"). Dexie creates every table and index inside one `upgradeneeded` callback, one long task on a phone.
 * An upgrade transaction stays open while it has a request pending, and each request's result arrives in a task of
 * its own: so after `budgetMs` of creating, a cheap `count()` is asked and the creating goes on in its callback.
 *
 * The stores and indexes are made exactly as Dexie's own creation makes them, from Dexie's parsed `schemas`, at
 * Dexie's native version, so Dexie then opens the database as one already at its version. A database that already
 * exists (any version) is left alone: the upgrade is aborted before it changes anything, and Dexie runs its
 * upgrades as before. Any failure is left for Dexie's open to meet and report.
 */
export function createInSlices(
  factory: IDBFactory,
  name: string,
  version: number,
  schemas: readonly TableSchema[],
  budgetMs = 4,
): Promise<SlicedCreation> {
  return new Promise((resolve) => {
    let outcome: SlicedCreation = 'exists';
    let req: IDBOpenDBRequest;
    try {
      req = factory.open(name, version);
    } catch {
      resolve('failed');
      return;
    }
    req.onupgradeneeded = (e) => {
      const trans = req.transaction;
      if (trans === null) return;
      if (e.oldVersion !== 0) {
        // Not a first visit: Dexie's upgraders own this. Aborting leaves the database at its old version.
        outcome = 'exists';
        trans.abort();
        return;
      }
      outcome = 'created';
      const idb = req.result;
      let next = 0;
      const slice = () => {
        const start = performance.now();
        let last: IDBObjectStore | null = null;
        do {
          const schema = schemas[next++];
          if (schema) last = createStore(idb, schema);
        } while (next < schemas.length && performance.now() - start < budgetMs);
        if (next < schemas.length && last) last.count().onsuccess = slice;
      };
      try {
        slice();
      } catch {
        outcome = 'failed';
        trans.abort();
      }
    };
    req.onsuccess = () => {
      req.result.close();
      resolve(outcome);
    };
    req.onerror = (e) => {
      // An aborted upgrade (an existing database) or a refusal: Dexie's open meets either on its own.
      e.preventDefault();
      resolve(outcome === 'exists' ? 'exists' : 'failed');
    };
  });
}

/** One table as Dexie's `createTable` makes it: its primary key, then each index. */
function createStore(idb: IDBDatabase, schema: TableSchema): IDBObjectStore {
  const pk = schema.primKey;
  const store = idb.createObjectStore(
    schema.name,
    pk.keyPath ? { keyPath: pk.keyPath, autoIncrement: pk.auto } : { autoIncrement: pk.auto },
  );
  for (const idx of schema.indexes) addIndex(store, idx);
  return store;
}

function addIndex(store: IDBObjectStore, idx: IndexSpec): void {
  store.createIndex(idx.name, idx.keyPath ?? idx.name, { unique: idx.unique, multiEntry: idx.multi });
}
