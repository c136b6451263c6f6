import type { BlobStore } from './blob-store';
import { snapshotPath, type StoredBlob } from './vault-layout';
import { decodeBlob, encodeBlob } from './segment-codec';
import { stableJson } from './stable-json';
import { saveMeta, type SyncMeta, type SyncStateDB } from './sync-state-db';
import type { VaultKey } from './vault-crypto';

type CompactOptions = { state: SyncStateDB; store: BlobStore; key: VaultKey; snapshotEvery?: number; graceMs?: number };

/**
 * Snapshots and deletion (architecture.md, "Sync and backup"): a device writes a snapshot of its whole state,
 * reads it back and checks it, and deletes its own segments the snapshot covers only once a grace period has
 * passed since the check, so a device that listed them a moment ago can still read them or the snapshot.
 */
export async function compact(
  o: CompactOptions,
  meta: SyncMeta,
  own: readonly StoredBlob[],
  now: number,
): Promise<void> {
  const every = o.snapshotEvery ?? 50;
  const grace = o.graceMs ?? 24 * 3600_000;
  const last = meta.snapshots.reduce((n, s) => Math.max(n, s.seq), 0);
  if (meta.ownSeq - last >= every && (await o.state.outbox.count()) === 0) {
    const path = snapshotPath(meta.deviceId, meta.ownSeq);
    const entities = (await o.state.entities.toArray()).map((r) => [r.k, r.e] as [string, typeof r.e]);
    const body = {
      format: 1 as const,
      kind: 'snap' as const,
      device: meta.deviceId,
      seq: meta.ownSeq,
      frontier: { ...meta.seen, [meta.deviceId]: meta.ownSeq },
      entities,
    };
    await o.store.putIfAbsent(path, await encodeBlob(o.key, path, body));
    const back = await o.store.get(path);
    const checked = back ? await decodeBlob(o.key, path, back).catch(() => null) : null;
    if (checked && checked.kind === 'snap' && stableJson(checked.entities) === stableJson(entities)) {
      meta.snapshots.push({ seq: meta.ownSeq, checkedAt: now });
      await saveMeta(o.state, meta);
    }
  }
  const ripe = meta.snapshots.filter((s) => s.checkedAt + grace <= now).reduce((n, s) => Math.max(n, s.seq), 0);
  if (ripe === 0) return;
  for (const b of own) {
    if ((b.kind === 'seg' && b.seq <= ripe) || (b.kind === 'snap' && b.seq < ripe)) await o.store.delete(b.path);
  }
  meta.snapshots = meta.snapshots.filter((s) => s.seq >= ripe);
}
