import { currentStamp, DELETED, mergeChange, tableOf, type Change, type Stamped } from './entity-merge';
import { EntityRows } from './entity-rows';
import { formatHlc, tick } from './hlc';
import type { LocalRecord } from './local-tables';
import { stableJson } from './stable-json';
import type { ToolscopeDB } from '../db/database';
import { RANGE_MARK, type ChangeRow } from '../db/sync-change-log';
import { readLocal, SESSION_OWNED, sessionsHeldBack } from './local-tables';
import { changeKey, readChangeLog, readLocalKeys, settleChangeLog } from './local-changes';
import { timeSlicer } from './main-thread-slices';
import { approxSize } from './paged-read';
import {
  addToOutbox,
  entityRow,
  loadMeta,
  putRows,
  saveMeta,
  type EntityRow,
  type SyncMeta,
  type SyncStateDB,
} from './sync-state-db';

type CollectOptions = {
  /** Sessions whose run is under way here: their records wait (into `waiting`). */
  live?: ReadonlySet<string>;
  /** Test-run sessions: their records never go into the outbox (nothing waits, nothing is stamped). */
  testRuns?: ReadonlySet<string>;
  /** Records whose deletion goes with their session's tombstone (their `mat` cleared, nothing stamped). */
  settled?: string[];
  /** The records to compare; all of `local` and `rows` when absent (the full read). */
  keys?: Iterable<string>;
  /** When records were last written here (the change log's `at`); a record not in it is stamped at `now`. */
  editedAt?: ReadonlyMap<string, number>;
  waiting?: string[];
};

/**
 * What changed here since the last round: each record compared with the form sync last saw (`mat`), field by
 * field. Changed fields are stamped with this device's clock at the time the record was written (`editedAt`), so a
 * delete made before another device's edit loses to it even when this device's round runs later (a background
 * round elsewhere, or a "Sync now" that joined a round begun before the delete); a record gone is a tombstone.
 * The caller stores the changes in the outbox with the rows in one transaction (nothing stamped is dropped).
 */
async function collectLocal(
  local: ReadonlyMap<string, LocalRecord>,
  rows: Map<string, EntityRow>,
  meta: SyncMeta,
  now: number,
  o: CollectOptions = {},
): Promise<Change[]> {
  const changes: Change[] = [];
  // Never after the round's own clock (tests inject it); the HLC still puts the stamp past all this device has seen.
  const edited = o.editedAt ?? new Map<string, number>();
  const writtenAt = (k: string) => Math.min(edited.get(k) ?? now, now);
  const stamp = (k: string) => {
    meta.clock = tick(meta.clock, writtenAt(k));
    return formatHlc(meta.clock, meta.deviceId);
  };
  // Oldest write first: the clock only moves forward, so a later-written record stamped first would push the
  // earlier one's stamp past its own time. Only logged records are sorted (a full read's others are all at `now`).
  const all = o.keys ? new Set(o.keys) : new Set([...local.keys(), ...rows.keys()]);
  const timed =
    edited.size === 0 ? [] : [...all].filter((k) => edited.has(k)).sort((x, y) => writtenAt(x) - writtenAt(y));
  const keys = timed.length === 0 ? all : new Set([...timed, ...all]);
  const slice = timeSlicer();
  for (const k of keys) {
    // A first compare of thousands of records gives the page's main thread back every few milliseconds.
    await slice();
    const record = local.get(k);
    const row = rows.get(k);
    if (record === undefined) {
      if (!row || row.mat === null) continue;
      // A record of a session deleted here goes with its session's tombstone (cascade, materialize-local.ts), so a
      // later edit elsewhere that revives the session revives its whole history, never half of it.
      const owner = sessionOf(k, row.mat);
      if (owner !== null && !local.has(`sessions/${owner}`) && rows.has(`sessions/${owner}`)) {
        rows.set(k, { ...row, mat: null });
        o.settled?.push(k);
        continue;
      }
      const change: Change = { k, f: { [DELETED]: { v: true, h: stamp(k) } } };
      changes.push(change);
      rows.set(k, entityRow(k, mergeChange(row.e, change).entity, null));
      continue;
    }
    // A run under way here is synced when it ends: a half-streamed message never reaches another device.
    const sid = k.startsWith('sessions/') ? record.id : record.sessionId;
    // A suite's test-run session is a local artefact of that run (architecture.md, "Test cases and suites").
    if (typeof sid === 'string' && o.testRuns?.has(sid)) continue;
    if (typeof sid === 'string' && o.live?.has(sid)) {
      o.waiting?.push(k);
      continue;
    }
    const text = stableJson(record);
    if (row?.mat === text) continue;
    const prev = row?.mat ? (JSON.parse(row.mat) as LocalRecord) : {};
    const h = stamp(k);
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
    rows.set(k, entityRow(k, mergeChange(row?.e, change).entity, text));
  }
  return changes;
}

/** The session a record of a session-owned table belongs to, from its last synced form. */
function sessionOf(k: string, mat: string): string | null {
  if (!SESSION_OWNED.has(tableOf(k))) return null;
  const sid = (JSON.parse(mat) as LocalRecord).sessionId;
  return typeof sid === 'string' ? sid : null;
}

type LocalStamp = { meta: SyncMeta; rows: EntityRows /** App records read to find what changed. */; read: number };

/**
 * Stamps what changed here into the outbox and stores outbox and rows in one transaction. Normally only the
 * records in the app's change log are read (db/sync-change-log.ts); the first round on a device, or one after the
 * log may have missed writes (the flag is not the token this state last set), reads and compares everything once.
 */
export async function stampLocal(db: ToolscopeDB, state: SyncStateDB, now: number): Promise<LocalStamp> {
  const meta = await loadMeta(state);
  const cache = new EntityRows(state);
  const log = await readChangeLog(db);
  const full =
    meta.tracking === undefined || db.syncFlag.get() !== meta.tracking || log.some((r) => r.k[0] === RANGE_MARK);
  let token = meta.tracking;
  if (full && token !== db.syncFlag.get()) {
    // Logging starts before the full read, so a write the read misses is in the log.
    token = newToken();
    db.syncFlag.set(token);
  }
  const settled: string[] = [];
  const waiting: string[] = [];
  const { live, testRuns } = await sessionsHeldBack(db);
  let local: Map<string, LocalRecord>;
  let keys: Set<string> | undefined;
  if (full) {
    local = await readLocal(db);
    await cache.loadAll();
  } else {
    keys = new Set(log.map(changeKey).filter((k): k is string => k !== null));
    local = await readLocalKeys(db, keys);
    await cache.load(keys);
    // A deleted record's session decides whether it goes with the session (collectLocal).
    const owners = [...keys]
      .filter((k) => !local.has(k))
      .map((k) => cache.get(k)?.s)
      .filter((s): s is string => s !== undefined);
    const ownerKeys = [...new Set(owners)].map((s) => `sessions/${s}`);
    for (const [k, r] of await readLocalKeys(db, ownerKeys)) local.set(k, r);
    await cache.load(ownerKeys);
  }
  const changes = await collectLocal(local, cache.rows, meta, now, {
    live,
    testRuns,
    settled,
    keys,
    waiting,
    editedAt: writeTimes(log),
  });
  const legacy = meta.outbox ?? [];
  if (changes.length > 0 || settled.length > 0 || full || legacy.length > 0) {
    meta.tracking = token;
    delete meta.outbox;
    await state.transaction('rw', state.entities, state.meta, state.outbox, async () => {
      // A change is about its record's size: the text its row keeps (a walk only for the few without one).
      await addToOutbox(state, [...legacy, ...changes], (c) => {
        const mat = cache.rows.get(c.k)?.mat;
        return typeof mat === 'string' ? mat.length + 100 : approxSize(c);
      });
      // In slices by size: each put is cloned on the main thread, thousands at once would hold it.
      await putRows(
        state,
        [...changes.map((c) => c.k), ...settled].map((k) => cache.rows.get(k)!),
      );
      await saveMeta(state, meta);
    });
  }
  await settleChangeLog(db, log, new Set(waiting), full ? waiting : []);
  return { meta, rows: cache, read: local.size };
}

/** When each logged record was last written (a key logged twice, by its newest write). */
function writeTimes(log: readonly ChangeRow[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of log) {
    const k = changeKey(r);
    if (k !== null && r.at !== undefined) out.set(k, Math.max(out.get(k) ?? 0, r.at));
  }
  return out;
}

function newToken(): string {
  return [...globalThis.crypto.getRandomValues(new Uint8Array(8))].map((x) => x.toString(16).padStart(2, '0')).join('');
}
