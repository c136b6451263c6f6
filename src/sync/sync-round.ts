import type { ToolscopeDB } from '../db/database';
import type { BlobStore } from './blob-store';
import { collectLocal } from './collect-local';
import { mergeChange, type Change, type Entity } from './entity-merge';
import { receive } from './hlc';
import { DEVICES, parseBlobPath, segmentPath, type StoredBlob } from './layout';
import { readLocal, writeLocal } from './local-tables';
import { materializeKeys } from './materialize-local';
import { decodeBlob, encodeBlob, type BlobBody } from './segment-codec';
import { compact } from './compaction';
import { stableJson } from './stable-json';
import { loadMeta, saveMeta, type EntityRow, type SyncMeta, type SyncStateDB } from './sync-state-db';
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

export type RoundReport = { applied: number; uploaded: number; segmentsRead: number; devices: string[]; pending: number };

/**
 * One sync round (architecture.md, "Sync and backup"): stamp local changes into the outbox, read what other
 * devices wrote since last time and merge it, write the merged records to the app's tables, upload the outbox,
 * then snapshot and compact. Any blob that fails its check stops the round before anything of it is applied.
 */
export async function syncRound(o: RoundOptions): Promise<RoundReport> {
  const now = o.now ?? Date.now;
  const meta = await loadMeta(o.state);
  const rows = new Map((await o.state.entities.toArray()).map((r) => [r.k, r] as const));

  // 1. Local changes into the outbox, with the rows, in one transaction.
  const local = await readLocal(o.db);
  const localChanges = collectLocal(local, rows, meta, now());
  if (localChanges.length > 0) {
    meta.outbox.push(...localChanges);
    await o.state.transaction('rw', o.state.entities, o.state.meta, async () => {
      await o.state.entities.bulkPut(localChanges.map((c) => rows.get(c.k)!));
      await saveMeta(o.state, meta);
    });
  }

  // 2. What the others wrote.
  const listed = (await o.store.list(DEVICES)).map(parseBlobPath).filter((b): b is StoredBlob => b !== null);
  const devices = [...new Set(listed.map((b) => b.device))].sort();
  const toRead = plan(listed, meta);
  const entities = new Map<string, Entity>([...rows].map(([k, r]) => [k, r.e]));
  const touched = new Set<string>();
  let read = 0;
  const total = toRead.length + Math.ceil(meta.outbox.length / (o.segmentSize ?? 500));
  for (const blob of toRead) {
    const bytes = await o.store.get(blob.path);
    if (bytes === null) continue; // compacted away between list and get: its snapshot is read next round
    const body = await decodeBlob(o.key, blob.path, bytes);
    if (body.device !== blob.device || body.seq !== blob.seq) throw new VaultError('integrity', `${blob.path} on the storage names another place than its own; nothing from it was applied.`);
    applyBody(body, entities, touched, meta);
    meta.seen[blob.device] = Math.max(meta.seen[blob.device] ?? 0, blob.seq);
    if (body.kind === 'snap') for (const [d, n] of Object.entries(body.frontier)) if (d !== meta.deviceId) meta.seen[d] = Math.max(meta.seen[d] ?? 0, n);
    o.onProgress?.(++read, total);
  }

  // 3. Merged records into the app's tables; a record edited meanwhile waits for the next round.
  const targets = materializeKeys(entities, touched);
  const writes = [...targets]
    .map(([key, record]) => ({ key, record, text: record === null ? null : stableJson(record) }))
    .filter((w) => w.text !== (rows.get(w.key)?.mat ?? null));
  const written = await writeLocal(o.db, writes, (key, current) => (current === undefined ? null : stableJson(current)) === (rows.get(key)?.mat ?? null));
  const changedRows: EntityRow[] = [];
  for (const k of touched) {
    const e = entities.get(k)!;
    const w = writes.find((x) => x.key === k);
    const prev = rows.get(k);
    const row: EntityRow = { k, e, mat: w && written.has(k) ? w.text : (prev?.mat ?? null) };
    rows.set(k, row);
    changedRows.push(row);
  }
  for (const w of writes) if (!touched.has(w.key) && written.has(w.key)) changedRows.push({ ...rows.get(w.key)!, mat: w.text });
  await o.state.transaction('rw', o.state.entities, o.state.meta, async () => {
    await o.state.entities.bulkPut(changedRows);
    await saveMeta(o.state, meta);
  });

  // 4. The outbox, segment by segment; a segment number already taken (a killed upload) is skipped.
  const uploaded = await pushOutbox(o, meta, () => o.onProgress?.(++read, total));

  // 5. Snapshot and compaction of this device's own segments.
  await compact(o, meta, listed.filter((b) => b.device === meta.deviceId), now());
  meta.lastSyncAt = now();
  await saveMeta(o.state, meta);
  return { applied: written.size, uploaded, segmentsRead: toRead.length, devices, pending: meta.outbox.length };
}

/** Which blobs to read: per other device, its newest snapshot when segments are missing (compacted), then the rest. */
function plan(listed: StoredBlob[], meta: SyncMeta): StoredBlob[] {
  const out: StoredBlob[] = [];
  const byDevice = new Map<string, StoredBlob[]>();
  for (const b of listed) if (b.device !== meta.deviceId) byDevice.set(b.device, [...(byDevice.get(b.device) ?? []), b]);
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

function applyBody(body: BlobBody, entities: Map<string, Entity>, touched: Set<string>, meta: SyncMeta): void {
  const changes: Change[] = body.kind === 'seg' ? body.changes : body.entities.flatMap(([k, e]) => Object.entries(e.f).flatMap(([field, values]) => values.map((s) => ({ k, f: { [field]: s } }))));
  for (const c of changes) {
    const r = mergeChange(entities.get(c.k), c);
    if (!r.changed) continue;
    entities.set(c.k, r.entity);
    touched.add(c.k);
    for (const s of Object.values(c.f)) meta.clock = receive(meta.clock, s.h);
  }
}

async function pushOutbox(o: RoundOptions, meta: SyncMeta, step: () => void): Promise<number> {
  const size = o.segmentSize ?? 500;
  let uploaded = 0;
  while (meta.outbox.length > 0) {
    const batch = meta.outbox.slice(0, size);
    let seq = meta.ownSeq + 1;
    for (;;) {
      const path = segmentPath(meta.deviceId, seq);
      const bytes = await encodeBlob(o.key, path, { format: 1, kind: 'seg', device: meta.deviceId, seq, changes: batch });
      if (await o.store.putIfAbsent(path, bytes)) break;
      seq++;
    }
    meta.ownSeq = seq;
    meta.outbox = meta.outbox.slice(batch.length);
    await saveMeta(o.state, meta);
    uploaded += batch.length;
    step();
  }
  return uploaded;
}
