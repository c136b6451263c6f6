import { currentStamp, DELETED, mergeChange, tableOf, type Change, type Stamped } from './entity-merge';
import { formatHlc, tick } from './hlc';
import type { LocalRecord } from './local-tables';
import { stableJson } from './stable-json';
import type { ToolscopeDB } from '../db/database';
import { liveSessionIds, readLocal, SESSION_OWNED } from './local-tables';
import { loadMeta, saveMeta, type EntityRow, type SyncMeta, type SyncStateDB } from './sync-state-db';

/**
 * What changed here since the last round: each record compared with the form sync last saw (`mat`), field by
 * field. Changed fields are stamped with this device's clock; a record gone is a tombstone. The caller stores the
 * changes in the outbox with the rows in one transaction (nothing stamped is dropped).
 */
export function collectLocal(local: ReadonlyMap<string, LocalRecord>, rows: Map<string, EntityRow>, meta: SyncMeta, now: number, live: ReadonlySet<string> = new Set(), settled: string[] = []): Change[] {
  const changes: Change[] = [];
  const stamp = () => {
    meta.clock = tick(meta.clock, now);
    return formatHlc(meta.clock, meta.deviceId);
  };
  for (const [k, record] of local) {
    // A run under way here is synced when it ends: a half-streamed message never reaches another device.
    const sid = k.startsWith('sessions/') ? record.id : record.sessionId;
    if (typeof sid === 'string' && live.has(sid)) continue;
    const row = rows.get(k);
    const text = stableJson(record);
    if (row?.mat === text) continue;
    const prev = row?.mat ? (JSON.parse(row.mat) as LocalRecord) : {};
    const h = stamp();
    const f: Record<string, Stamped> = {};
    for (const field of new Set([...Object.keys(prev), ...Object.keys(record)])) {
      if (stableJson(prev[field]) === stableJson(record[field])) continue;
      const b = currentStamp(row?.e, field);
      f[field] = b === undefined ? { v: record[field], h } : { v: record[field], h, b };
    }
    // An edit overrides an earlier delete (a tombstone is a field like any other).
    f[DELETED] = { v: false, h };
    const change = { k, f };
    changes.push(change);
    rows.set(k, { k, e: mergeChange(row?.e, change).entity, mat: text });
  }
  for (const [k, row] of rows) {
    if (row.mat === null || local.has(k)) continue;
    // A record of a session deleted here goes with its session's tombstone (cascade, materialize-local.ts), so a
    // later edit elsewhere that revives the session revives its whole history, never half of it.
    const owner = sessionOf(k, row.mat);
    if (owner !== null && !local.has(`sessions/${owner}`) && rows.has(`sessions/${owner}`)) {
      rows.set(k, { ...row, mat: null });
      settled.push(k);
      continue;
    }
    const change: Change = { k, f: { [DELETED]: { v: true, h: stamp() } } };
    changes.push(change);
    rows.set(k, { k, e: mergeChange(row.e, change).entity, mat: null });
  }
  return changes;
}

/** The session a record of a session-owned table belongs to, from its last synced form. */
function sessionOf(k: string, mat: string): string | null {
  if (!SESSION_OWNED.has(tableOf(k))) return null;
  const sid = (JSON.parse(mat) as LocalRecord).sessionId;
  return typeof sid === 'string' ? sid : null;
}

/** Reads the app's tables and sync's state, stamps what changed into the outbox and stores both in one transaction. */
export async function stampLocal(db: ToolscopeDB, state: SyncStateDB, now: number): Promise<{ meta: SyncMeta; rows: Map<string, EntityRow> }> {
  const meta = await loadMeta(state);
  const rows = new Map((await state.entities.toArray()).map((r) => [r.k, r] as const));
  const settled: string[] = [];
  const changes = collectLocal(await readLocal(db), rows, meta, now, await liveSessionIds(db), settled);
  if (changes.length > 0 || settled.length > 0) {
    meta.outbox.push(...changes);
    await state.transaction('rw', state.entities, state.meta, async () => {
      await state.entities.bulkPut([...changes.map((c) => c.k), ...settled].map((k) => rows.get(k)!));
      await saveMeta(state, meta);
    });
  }
  return { meta, rows };
}
