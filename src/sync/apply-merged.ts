import type { ToolscopeDB } from '../db/database';
import type { Entity } from './entity-merge';
import { writeLocal, type LocalWrite } from './local-tables';
import { timeSlicer } from './main-thread-slices';
import { materializeKeys } from './materialize-local';
import { stableJson } from './stable-json';
import { entityRow, putRows, saveMeta, type EntityRow, type SyncMeta, type SyncStateDB } from './sync-state-db';

/**
 * Writes what merging changed into the app's tables, then the entities and `mat` into sync's own state. The app's
 * tables go first: after a crash between the two, the next round sees the app's records as local edits of the
 * same values (harmless), never stale records as newer than the merge. Returns how many records were written.
 */
export async function applyMerged(
  db: ToolscopeDB,
  state: SyncStateDB,
  rows: Map<string, EntityRow>,
  entities: ReadonlyMap<string, Entity>,
  touched: ReadonlySet<string>,
  meta: SyncMeta,
): Promise<number> {
  const slice = timeSlicer();
  const targets = await materializeKeys(entities, touched);
  const writes: LocalWrite[] = [];
  const byKey = new Map<string, string | null>();
  for (const [key, record] of targets) {
    await slice();
    const text = record === null ? null : stableJson(record);
    if (text === (rows.get(key)?.mat ?? null)) continue;
    writes.push({ key, record });
    byKey.set(key, text);
  }
  const written = await writeLocal(
    db,
    writes,
    (key, current) => (current === undefined ? null : stableJson(current)) === (rows.get(key)?.mat ?? null),
  );
  const changed: EntityRow[] = [];
  for (const k of new Set([...touched, ...written])) {
    await slice();
    const e = entities.get(k) ?? rows.get(k)?.e;
    if (!e) continue;
    const row = entityRow(k, e, written.has(k) ? (byKey.get(k) ?? null) : (rows.get(k)?.mat ?? null));
    rows.set(k, row);
    changed.push(row);
  }
  // In slices by size (main-thread-slices.ts): a first sync's thousands of rows cloned at once held the page.
  await state.transaction('rw', state.entities, state.meta, async () => {
    await putRows(state, changed);
    await saveMeta(state, meta);
  });
  return written.size;
}
