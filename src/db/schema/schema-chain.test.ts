import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { declaredSchemaSteps, declareVersions } from '../database';
import { declareV1 } from './schema-v1';
import { SCHEMA_V2_CHANGES } from './schema-v2';
import { SCHEMA_V3_CHANGES } from './schema-v3';
import { SCHEMA_V4_CHANGES } from './schema-v4';
import { SCHEMA_V5_CHANGES } from './schema-v5';
import { SCHEMA_V7_CHANGES } from './schema-v7';
import { SCHEMA_V8_CHANGES } from './schema-v8';
import { SCHEMA_V10_CHANGES } from './schema-v10';
import { SCHEMA_V11_CHANGES } from './schema-v11';
import { SCHEMA_V12_CHANGES } from './schema-v12';
import { SCHEMA_V13_CHANGES } from './schema-v13';

// Every version one by one, as the app declared them before the chain was shortened: the reference schema.
const EVERY_VERSION: [number, Record<string, string | null>][] = [
  [2, SCHEMA_V2_CHANGES],
  [3, SCHEMA_V3_CHANGES],
  [4, SCHEMA_V4_CHANGES],
  [5, SCHEMA_V5_CHANGES],
  [7, SCHEMA_V7_CHANGES],
  [8, SCHEMA_V8_CHANGES],
  [10, SCHEMA_V10_CHANGES],
  [11, SCHEMA_V11_CHANGES],
  [12, SCHEMA_V12_CHANGES],
  [13, SCHEMA_V13_CHANGES],
];

/** What the browser holds after opening: each table's primary key and indexes as IndexedDB sees them. */
async function installedSchema(
  declare: (db: Dexie) => void,
): Promise<{ version: number; tables: Record<string, string[]> }> {
  const db = new Dexie('toolscope', { indexedDB: new IDBFactory(), IDBKeyRange });
  declare(db);
  await db.open();
  const tables: Record<string, string[]> = {};
  for (const t of db.tables) tables[t.name] = [t.schema.primKey.src, ...t.schema.indexes.map((i) => i.src).sort()];
  const version = db.verno;
  db.close();
  return { version, tables };
}

describe('the declared version chain', () => {
  it('declares version 1, the versions with an upgrade and the last one, not every version', () => {
    expect(declaredSchemaSteps().map(([v, , upgrade]) => [v, upgrade !== undefined])).toEqual([
      [2, true],
      [13, false],
    ]);
    expect(declaredSchemaSteps(8).map(([v]) => v)).toEqual([2, 8]);
    expect(declaredSchemaSteps(1)).toEqual([]);
  });

  it.each([1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 13])(
    'builds the same tables and indexes at version %i as declaring every version did',
    async (last) => {
      const reference = await installedSchema((db) => {
        declareV1(db);
        for (const [v, changes] of EVERY_VERSION) if (v <= last) db.version(v).stores(changes);
      });
      const chain = await installedSchema((db) => declareVersions(db, last));
      expect(chain).toEqual(reference);
    },
  );

  it('upgrades a database left at each older version to the current tables and indexes', async () => {
    const current = await installedSchema((db) => declareVersions(db));
    for (const [old] of EVERY_VERSION.slice(0, -1)) {
      const factory = new IDBFactory();
      const before = new Dexie('toolscope', { indexedDB: factory, IDBKeyRange });
      declareV1(before);
      for (const [v, changes] of EVERY_VERSION) if (v <= old) before.version(v).stores(changes);
      await before.open();
      before.close();
      const db = new Dexie('toolscope', { indexedDB: factory, IDBKeyRange });
      declareVersions(db);
      await db.open();
      const tables: Record<string, string[]> = {};
      for (const t of db.tables) tables[t.name] = [t.schema.primKey.src, ...t.schema.indexes.map((i) => i.src).sort()];
      expect({ version: db.verno, tables }, `from version ${old}`).toEqual(current);
      // IndexedDB's own view agrees with Dexie's: every table is a real object store.
      expect([...db.backendDB().objectStoreNames].sort(), `from version ${old}`).toEqual(
        Object.keys(current.tables).sort(),
      );
      db.close();
    }
  });
});
