import type { ToolscopeDB } from '../db/database';
import type { Entity } from './entity-merge';
import { writeLocal } from './local-tables';
import { materializeKeys } from './materialize-local';
import { stableJson } from './stable-json';
import { entityRow, saveMeta, type EntityRow, type SyncMeta, type SyncStateDB } from './sync-state-db';

/**
 * Writes what merging changed into the app's tables, then the entities and `mat` into sync's own state. The app's
 * tables go first: after a crash between the two, the next round sees the app's records as local edits of the
 * same values (harmless), never stale records as newer than the merge. Returns how many records were written.
 */
export async function applyMerged(db: ToolscopeDB, state: SyncStateDB, rows: Map<string, EntityRow>, entities: ReadonlyMap<string, Entity>, touched: ReadonlySet<string>, meta: SyncMeta): Promise<number> {
  const targets = materializeKeys(entities, touched);
  const writes = [...targets]
    .map(([key, record]) => ({ key, record, text: record === null ? null : stableJson(record) }))
    .filter((w) => w.text !== (rows.get(w.key)?.mat ?? null));
  const written = await writeLocal(db, writes, (key, current) => (current === undefined ? null : stableJson(current)) === (rows.get(key)?.mat ?? null));
  const byKey = new Map(writes.map((w) => [w.key, w.text] as const));
  const changed = new Map<string, EntityRow>();
  for (const k of new Set([...touched, ...written])) {
    const e = entities.get(k) ?? rows.get(k)?.e;
    if (!e) continue;
    const row = entityRow(k, e, written.has(k) ? (byKey.get(k) ?? null) : (rows.get(k)?.mat ?? null));
    rows.set(k, row);
    changed.set(k, row);
  }
  await state.transaction('rw', state.entities, state.meta, async () => {
    await state.entities.bulkPut([...changed.values()]);
    await saveMeta(state, meta);
  });
  return written.size;
}
