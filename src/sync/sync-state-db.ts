import Dexie, { type DexieOptions, type Table } from 'dexie';
import { tableOf, winner, type Change, type Entity } from './entity-merge';
import type { HlcState } from './hlc';
import type { VaultFile, VaultKey } from './vault-crypto';
import { SESSION_OWNED } from './local-tables';
import { bySize } from './main-thread-slices';
import { approxSize } from './paged-read';

/**
 * What sync keeps on the device, in a database of its own beside the app's (so the app's schema is untouched):
 * each synced record's entity and the form last written to or read from the app's tables (`mat`, stable JSON),
 * plus the device's clock, outbox and what it has read of every other device.
 */
export type EntityRow = {
  k: string;
  e: Entity;
  mat: string | null /** The owning session (session-owned tables): what a round loads a session's records by. */;
  s?: string;
};

/** About how many bytes a row clones to: its record's text twice (the entity holds the values too), or a walk of a tombstone's entity. */
export function rowSize(r: EntityRow): number {
  return r.mat !== null ? 2 * r.mat.length + 200 : approxSize(r.e);
}

/** Puts rows in slices bounded by size (main-thread-slices.ts); inside a transaction when called in one. */
export async function putRows(s: SyncStateDB, rows: readonly EntityRow[]): Promise<void> {
  for (const run of bySize(rows, rowSize)) await s.entities.bulkPut(run);
}

export function entityRow(k: string, e: Entity, mat: string | null): EntityRow {
  const sid = SESSION_OWNED.has(tableOf(k)) ? winner(e, 'sessionId')?.v : undefined;
  return typeof sid === 'string' ? { k, e, mat, s: sid } : { k, e, mat };
}

export type SyncMeta = {
  deviceId: string;
  clock: HlcState;
  /** Where the outbox was before it had a table of its own; moved there by the next round. */
  outbox?: Change[];
  /** The last own segment uploaded. */
  ownSeq: number;
  /** For every other device, the last of its segments applied here. */
  seen: Record<string, number>;
  /** Own snapshots read back and checked, with when. */
  snapshots: { seq: number; checkedAt: number }[];
  lastSyncAt: number | null;
  /** The vault this device is connected to (what backups are sealed for). */
  vault?: VaultFile;
  /**
   * The token of the round that last compared every record (the one-time full read). While the app database's
   * sync flag still holds it, every write since is in its change log and a round reads only those records.
   */
  tracking?: string;
};

export class SyncStateDB extends Dexie {
  declare readonly entities: Table<EntityRow, string>;
  declare readonly meta: Table<{ key: string; value: unknown }, string>;
  /** Changes stamped locally and not yet in an uploaded segment, in stamping order: retried every round, never dropped. */
  declare readonly outbox: Table<OutboxRow, number>;
  constructor(name: string, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores({ entities: 'k', meta: 'key' });
    this.version(2)
      .stores({ entities: 'k, s', outbox: '++n' })
      .upgrade((tx) =>
        tx
          .table('entities')
          .toCollection()
          .modify((r: EntityRow) => {
            const s = entityRow(r.k, r.e, r.mat).s;
            if (s !== undefined) r.s = s;
          }),
      );
  }
}

function newDeviceId(): string {
  const b = globalThis.crypto.getRandomValues(new Uint8Array(8));
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

export async function loadMeta(s: SyncStateDB): Promise<SyncMeta> {
  const row = await s.meta.get('meta');
  if (row) return row.value as SyncMeta;
  const fresh: SyncMeta = {
    deviceId: newDeviceId(),
    clock: { ms: 0, counter: 0 },
    ownSeq: 0,
    seen: {},
    snapshots: [],
    lastSyncAt: null,
  };
  await s.meta.put({ key: 'meta', value: fresh });
  return fresh;
}

export type OutboxRow = { n?: number; c: Change };

/**
 * Adds changes to the outbox in slices bounded by size (each row is cloned on the main thread; thousands at once
 * would hold it). `sizeOf` may give an estimate the caller already has.
 */
export async function addToOutbox(
  s: SyncStateDB,
  changes: readonly Change[],
  sizeOf: (c: Change) => number = approxSize,
): Promise<void> {
  for (const run of bySize(changes, sizeOf)) await s.outbox.bulkAdd(run.map((c) => ({ c })));
}

export async function saveMeta(s: SyncStateDB, meta: SyncMeta): Promise<void> {
  await s.meta.put({ key: 'meta', value: meta });
}

/** The unwrapped data key, stored as the non-extractable CryptoKey it is (IndexedDB keeps CryptoKeys as they are). */
export async function saveVaultKey(s: SyncStateDB, key: VaultKey | null): Promise<void> {
  if (key === null) await s.meta.delete('key');
  else await s.meta.put({ key: 'key', value: key });
}

export async function loadVaultKey(s: SyncStateDB): Promise<VaultKey | null> {
  const row = await s.meta.get('key');
  return row ? (row.value as VaultKey) : null;
}
