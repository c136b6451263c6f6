import { lostVersion, materialize, type Entity } from './entity-merge';
import type { SyncStateDB } from './sync-state-db';

/** A person's text that lost to a concurrent edit on another device, kept viewable ("Edited on another device"). */
export type SyncConflict = { key: string; table: string; id: string; field: string; current: string; other: string };

const FIELDS: Record<string, string> = { sessions: 'title', memories: 'text', tools: 'description' };

function conflictsOf(rows: readonly { k: string; e: Entity }[]): SyncConflict[] {
  const out: SyncConflict[] = [];
  for (const { k, e } of rows) {
    const table = k.slice(0, k.indexOf('/'));
    const field = FIELDS[table];
    if (field === undefined) continue;
    const lost = lostVersion(e, field);
    const rec = materialize(e);
    if (!lost || !rec) continue;
    out.push({
      key: k,
      table,
      id: k.slice(table.length + 1),
      field,
      current: String(rec[field] ?? ''),
      other: String(lost.v ?? ''),
    });
  }
  return out;
}

export async function listConflicts(state: SyncStateDB): Promise<SyncConflict[]> {
  return conflictsOf(
    await state.entities
      .where('k')
      .startsWithAnyOf(Object.keys(FIELDS).map((t) => `${t}/`))
      .toArray(),
  );
}
