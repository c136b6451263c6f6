import type { ToolscopeDB } from '../db/database';
import type { BlobStore } from './blob-store';
import { stampLocal } from './collect-local';
import { mergeChange, tableOf, winner, type Change, type Entity } from './entity-merge';
import type { EntityRow, OutboxRow } from './sync-state-db';
import { SESSION_OWNED } from './local-tables';
import { receive } from './hlc';
import { DEVICES, parseBlobPath, segmentPath, type StoredBlob } from './vault-layout';
import { applyMerged } from './apply-merged';
import { decodeBlob, encodeBlob, type BlobBody } from './segment-codec';
import { compact } from './compaction';
import { bySize, timeSlicer } from './main-thread-slices';
import { approxSize, readKeysInPages } from './paged-read';
import { saveMeta, type SyncMeta, type SyncStateDB } from './sync-state-db';
import { VaultError, type VaultKey } from './vault-crypto';

export type RoundOptions = {
  db: ToolscopeDB;
  state: SyncStateDB;
  store: BlobStore;
  key: VaultKey;
  now?: () => number;
  /** Changes per segment. */
  segmentSize?: number;
  /** Own segments between snapshots. */
  snapshotEvery?: number;
  /** How long a checked snapshot stands before the segments it covers are deleted. */
  graceMs?: number;
  onProgress?: (done: number, total: number) => void;
};

export type RoundReport = {
  applied: number;
  uploaded: number;
  segmentsRead: number;
  devices: string[];
  pending: number;
  /** App records read to find local changes: those in the change log, or all of them on a full read. */
  localRead: number;
};

/**
 * One sync round (architecture.md, "Sync and backup"): stamp local changes into the outbox, read what other
 * devices wrote since last time and merge it, write the merged records to the app's tables, upload the outbox,
 * then snapshot and compact. Any blob that fails its check stops the round before anything of it is applied.
 */
export async function syncRound(o: RoundOptions): Promise<RoundReport> {
  const now = o.now ?? Date.now;
  // 1. Local changes into the outbox, with the rows, in one transaction.
  const { meta, rows, read: localRead } = await stampLocal(o.db, o.state, now());

  // 2. What the others wrote.
  const listed = (await o.store.list(DEVICES)).map(parseBlobPath).filter((b): b is StoredBlob => b !== null);
  const devices = [...new Set(listed.map((b) => b.device))].sort();
  const toRead = plan(listed, meta);
  const entities = new Map<string, Entity>([...rows.rows].map(([k, r]) => [k, r.e]));
  const take = (added: EntityRow[]) => {
    for (const r of added) if (!entities.has(r.k)) entities.set(r.k, r.e);
  };
  const touched = new Set<string>();
  let read = 0;
  const total = toRead.length + Math.ceil((await o.state.outbox.count()) / (o.segmentSize ?? 500));
  for (const blob of toRead) {
    const bytes = await o.store.get(blob.path);
    if (bytes === null) continue; // compacted away between list and get: its snapshot is read next round
    const body = await decodeBlob(o.key, blob.path, bytes);
    if (body.device !== blob.device || body.seq !== blob.seq)
      throw new VaultError(
        'integrity',
        `${blob.path} on the storage names another place than its own; nothing from it was applied.`,
      );
    take(await rows.load(body.kind === 'seg' ? body.changes.map((c) => c.k) : body.entities.map(([k]) => k)));
    await applyBody(body, entities, touched, meta);
    meta.seen[blob.device] = Math.max(meta.seen[blob.device] ?? 0, blob.seq);
    if (body.kind === 'snap')
      for (const [d, n] of Object.entries(body.frontier))
        if (d !== meta.deviceId) meta.seen[d] = Math.max(meta.seen[d] ?? 0, n);
    o.onProgress?.(++read, total);
  }

  // 3. Merged records into the app's tables; a record edited meanwhile waits for the next round. The fork and
  // delete rules look at whole sessions: every record of a touched session is loaded first.
  take(await rows.loadSessions(touchedSessions(entities, touched)));
  const written = await applyMerged(o.db, o.state, rows.rows, entities, touched, meta);

  // 4. The outbox, segment by segment; a segment number already taken (a killed upload) is skipped.
  const uploaded = await pushOutbox(o, meta, () => o.onProgress?.(++read, total));

  // 5. Snapshot and compaction of this device's own segments.
  await compact(
    o,
    meta,
    listed.filter((b) => b.device === meta.deviceId),
    now(),
  );
  meta.lastSyncAt = now();
  await saveMeta(o.state, meta);
  return {
    applied: written,
    uploaded,
    segmentsRead: toRead.length,
    devices,
    pending: await o.state.outbox.count(),
    localRead,
  };
}

function touchedSessions(entities: ReadonlyMap<string, Entity>, touched: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const k of touched) {
    if (k.startsWith('sessions/')) out.add(k.slice('sessions/'.length));
    else if (SESSION_OWNED.has(tableOf(k))) {
      const e = entities.get(k);
      const sid = e ? winner(e, 'sessionId')?.v : undefined;
      if (typeof sid === 'string') out.add(sid);
    }
  }
  return out;
}

/** Which blobs to read: per other device, its newest snapshot when segments are missing (compacted), then the rest. */
function plan(listed: StoredBlob[], meta: SyncMeta): StoredBlob[] {
  const out: StoredBlob[] = [];
  const byDevice = new Map<string, StoredBlob[]>();
  for (const b of listed)
    if (b.device !== meta.deviceId) byDevice.set(b.device, [...(byDevice.get(b.device) ?? []), b]);
  for (const [device, blobs] of [...byDevice].sort(([a], [b]) => (a < b ? -1 : 1))) {
    let seen = meta.seen[device] ?? 0;
    const segs = blobs.filter((b) => b.kind === 'seg' && b.seq > seen).sort((a, b) => a.seq - b.seq);
    const snaps = blobs.filter((b) => b.kind === 'snap' && b.seq > seen).sort((a, b) => b.seq - a.seq);
    const gap = segs.length > 0 ? segs[0]!.seq > seen + 1 : false;
    const snap = snaps[0];
    if (snap && (gap || seen === 0)) {
      out.push(snap);
      seen = snap.seq;
    }
    out.push(...segs.filter((s) => s.seq > seen));
  }
  return out;
}

/** Merges a blob's changes, giving the page's main thread back every few milliseconds (main-thread-slices.ts). */
async function applyBody(
  body: BlobBody,
  entities: Map<string, Entity>,
  touched: Set<string>,
  meta: SyncMeta,
): Promise<void> {
  const slice = timeSlicer();
  const apply = (c: Change) => {
    const r = mergeChange(entities.get(c.k), c);
    if (!r.changed) return;
    entities.set(c.k, r.entity);
    touched.add(c.k);
    for (const s of Object.values(c.f)) meta.clock = receive(meta.clock, s.h);
  };
  if (body.kind === 'seg') {
    for (const c of body.changes) {
      await slice();
      apply(c);
    }
    return;
  }
  for (const [k, e] of body.entities) {
    await slice();
    for (const [field, values] of Object.entries(e.f)) for (const s of values) apply({ k, f: { [field]: s } });
  }
}

const SEGMENT_BYTES = 1024 * 1024;

async function pushOutbox(o: RoundOptions, meta: SyncMeta, step: () => void): Promise<number> {
  const size = o.segmentSize ?? 500;
  let uploaded = 0;
  for (;;) {
    // Read in pages, and a segment of big records ends at ~1 MB: the batch is cloned to the codec worker at once.
    const keys = await o.state.outbox.limit(size).primaryKeys();
    if (keys.length === 0) break;
    const rows =
      bySize(
        (await readKeysInPages(o.state.outbox, keys)).filter((r): r is OutboxRow => r !== undefined),
        (r) => approxSize(r.c),
        SEGMENT_BYTES,
      )[0] ?? [];
    if (rows.length === 0) break;
    const batch = rows.map((r) => r.c);
    let seq = meta.ownSeq + 1;
    for (;;) {
      const path = segmentPath(meta.deviceId, seq);
      const bytes = await encodeBlob(o.key, path, {
        format: 1,
        kind: 'seg',
        device: meta.deviceId,
        seq,
        changes: batch,
      });
      if (await o.store.putIfAbsent(path, bytes)) break;
      if ((await ownSegmentThere(o, path)) === 'torn') {
        // Our own path, half written by an upload that was cut: it holds nothing, so it is replaced.
        await o.store.delete(path);
        continue;
      }
      seq++;
    }
    meta.ownSeq = seq;
    await o.state.transaction('rw', o.state.outbox, o.state.meta, async () => {
      await o.state.outbox.bulkDelete(rows.map((r) => r.n!));
      await saveMeta(o.state, meta);
    });
    uploaded += batch.length;
    step();
  }
  return uploaded;
}

/**
 * What a killed upload left at one of this device's own segment paths: 'torn' (cut halfway, unreadable; every
 * reader would refuse it) or 'whole' (a segment that went up before the kill; its number is skipped, and
 * re-sending its changes is harmless, merging is idempotent).
 */
async function ownSegmentThere(o: RoundOptions, path: string): Promise<'torn' | 'whole'> {
  const there = await o.store.get(path);
  if (there === null) return 'whole';
  try {
    await decodeBlob(o.key, path, there);
    return 'whole';
  } catch (e) {
    if (e instanceof VaultError && e.kind === 'integrity') return 'torn';
    throw e;
  }
}
