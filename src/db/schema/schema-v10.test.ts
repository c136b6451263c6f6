import { readFileSync } from 'node:fs';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { declareVersions, openToolscopeDB } from '../database';
import { listSuiteCases, saveCase } from '../evals-repo';
import { listSessions } from '../sessions-repo';

// Frozen rows of a version 8 database, the version before the test-case tables.
const V8: Record<string, unknown[]> = JSON.parse(
  readFileSync(new URL('../__fixtures__/v8-content.json', import.meta.url), 'utf8'),
);
const TABLES = [
  'sessions',
  'messages',
  'toolCalls',
  'runs',
  'events',
  'tools',
  'memories',
  'settings',
  'syncChanges',
] as const;

describe('schema version 10', () => {
  it('opens a version 8 database holding data with the current schema (10 or later): every row intact, the test-case tables usable', async () => {
    const factory = new IDBFactory();
    const v8 = new Dexie('toolscope', { indexedDB: factory, IDBKeyRange });
    declareVersions(v8, 8);
    await v8.open();
    for (const t of TABLES) await v8.table(t).bulkAdd(V8[t] ?? []);
    v8.close();

    const db = openToolscopeDB('toolscope', { indexedDB: factory, IDBKeyRange });
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(10);
    for (const t of TABLES) {
      const rows = await db.table(t).toArray();
      expect(rows, t).toHaveLength(V8[t]?.length ?? 0);
      for (const row of V8[t] ?? []) expect(rows, t).toContainEqual(row);
    }
    // The old session is still listed (it carries no test-run mark) and its messages read in order.
    expect((await listSessions(db)).map((s) => s.id)).toEqual(['s8']);
    expect(
      (await db.messages.where('[sessionId+order]').between(['s8', Dexie.minKey], ['s8', Dexie.maxKey]).toArray()).map(
        (m) => m.id,
      ),
    ).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(await db.evalSuites.count()).toBe(0);
    const suiteId = await saveCase(
      db,
      { newSuite: 'Weather' },
      {
        id: 'c1',
        name: 'Paris',
        createdAt: 1,
        updatedAt: 1,
        request: { model: 'm', messages: [], tools: [] },
        recorded: [],
        checks: [{ kind: 'answer_contains', text: '18' }],
      },
    );
    expect((await listSuiteCases(db, suiteId)).map((c) => c.name)).toEqual(['Paris']);
    db.close();
  });
});
