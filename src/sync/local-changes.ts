import type { ToolscopeDB } from '../db/database';
import type { ChangeRow } from '../db/sync-change-log';
import { isSyncedTable, localOnlyFields, primaryKeyOf, type LocalRecord, type SyncedTable } from './local-tables';
import { readKeysInPages } from './paged-read';

/**
 * The app database's change log as sync reads it (db/sync-change-log.ts; architecture.md, "Sync and backup"):
 * which records were written since the last round, those records, and clearing what a round has stamped.
 */
export function changeKey(row: ChangeRow): string | null {
  const [t, pk] = row.k;
  if (!isSyncedTable(t)) return null;
  if ((t === 'toolCalls' || t === 'events' || t === 'toolSets') && Array.isArray(pk))
    return `${t}/${String(pk[0])}|${String(pk[1])}`;
  return `${t}/${String(pk)}`;
}

export function readChangeLog(db: ToolscopeDB): Promise<ChangeRow[]> {
  return db.syncChanges.toArray();
}

/** The records under these keys as they are now, without local-only fields; a key missing from the map was deleted. */
export async function readLocalKeys(db: ToolscopeDB, keys: Iterable<string>): Promise<Map<string, LocalRecord>> {
  const byTable = new Map<SyncedTable, string[]>();
  for (const k of keys) {
    const t = k.slice(0, k.indexOf('/'));
    if (isSyncedTable(t)) byTable.set(t, [...(byTable.get(t) ?? []), k]);
  }
  const out = new Map<string, LocalRecord>();
  if (byTable.size === 0) return out;
  // In pages (paged-read.ts), each its own read: a write between two pages is in the change log either way.
  for (const [t, ks] of byTable) {
    const found = await readKeysInPages(
      db[t] as unknown as import('dexie').Table<LocalRecord, unknown>,
      ks.map((k) => primaryKeyOf(t, k)),
    );
    ks.forEach((k, i) => {
      const r = found[i];
      if (!r) return;
      const copy: LocalRecord = { ...r };
      for (const f of localOnlyFields(t)) delete copy[f];
      out.set(k, copy);
    });
  }
  return out;
}

/**
 * Deletes the log rows a round read, except those written again since (another token) and those of `keep`
 * (records left for a later round); logs `again` anew (records a full read passed over).
 */
export async function settleChangeLog(
  db: ToolscopeDB,
  read: readonly ChangeRow[],
  keep: ReadonlySet<string>,
  again: readonly string[] = [],
): Promise<void> {
  const drop = read.filter((r) => !keep.has(changeKey(r) ?? ''));
  if (drop.length === 0 && again.length === 0) return;
  await db.transaction('rw', db.syncChanges, async () => {
    const now = await db.syncChanges.bulkGet(drop.map((r) => r.k));
    await db.syncChanges.bulkDelete(drop.filter((r, i) => now[i]?.t === r.t).map((r) => r.k));
    await db.syncChanges.bulkPut(
      again.map((k) => ({
        k: [k.slice(0, k.indexOf('/')), primaryKeyOf(k.slice(0, k.indexOf('/')) as SyncedTable, k)],
        t: Math.random(),
      })),
    );
  });
}
