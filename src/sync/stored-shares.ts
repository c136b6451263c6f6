import type { ToolscopeDB } from '../db/database';
import type { BlobStore } from './blob-store';
import { deleteSharedObject } from './shared-object';
import { loadStorageConfig, makeStore, storageUrl } from './storage-config';

/**
 * This device's record of the share links it put on the sync storage (architecture.md, "Share links"), so a
 * person can stop sharing one later. Kept in the settings table, which is never exported or synced. A record
 * holds where the sealed session lies and on which storage; never the link's key, so it cannot open the share.
 */
export const STORED_SHARES_SETTING = 'shares:stored';

export type StoredShare = {
  /** The object's random name (its path's last part). */
  id: string;
  sessionId: string;
  /** The storage's address (WebDAV URL or S3 bucket URL) it was put on: removing it needs that storage connected. */
  storage: string;
  /** Its path on that storage, under `shares/`. */
  path: string;
  createdAt: number;
  toolResults: boolean;
  /** When "Stop sharing" removed it from the storage; absent while it is shared. */
  removedAt?: number;
};

/** What can stop "Stop sharing", one kind per failure; `message` is a sentence a person can act on. */
export type StopSharingErrorKind = 'unknown' | 'no-storage' | 'other-storage' | 'storage-failed';

export class StopSharingError extends Error {
  override readonly name = 'StopSharingError';
  constructor(
    readonly kind: StopSharingErrorKind,
    message: string,
  ) {
    super(message);
  }
}

const isShare = (v: unknown): v is StoredShare => {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.id === 'string' &&
    typeof r.sessionId === 'string' &&
    typeof r.storage === 'string' &&
    typeof r.path === 'string' &&
    typeof r.createdAt === 'number' &&
    typeof r.toolResults === 'boolean' &&
    (r.removedAt === undefined || typeof r.removedAt === 'number')
  );
};

/** Every record; one written by another version in another shape is skipped rather than failing the list. */
export async function readStoredShares(db: ToolscopeDB): Promise<StoredShare[]> {
  const rec = await db.settings.get(STORED_SHARES_SETTING);
  return Array.isArray(rec?.value) ? rec.value.filter(isShare) : [];
}

async function update(db: ToolscopeDB, change: (list: StoredShare[]) => StoredShare[]): Promise<void> {
  await db.transaction('rw', db.settings, async () => {
    await db.settings.put({ key: STORED_SHARES_SETTING, value: change(await readStoredShares(db)) });
  });
}

export async function recordStoredShare(db: ToolscopeDB, share: StoredShare): Promise<void> {
  await update(db, (list) => [...list.filter((s) => s.id !== share.id), share]);
}

/**
 * Removes a share from the storage it was put on and marks its record removed. The storage connected now must be
 * that one: another storage does not hold it, and its credentials cannot remove it. Removing what is already gone
 * is fine (the storage answers 404 and the record is marked all the same).
 */
export async function stopSharing(
  db: ToolscopeDB,
  id: string,
  opts: { now?: number; store?: BlobStore } = {},
): Promise<StoredShare> {
  const share = (await readStoredShares(db)).find((s) => s.id === id);
  if (!share)
    throw new StopSharingError(
      'unknown',
      'This browser has no record of that shared link any more, so it cannot remove it.',
    );
  if (share.removedAt !== undefined) return share;
  const config = await loadStorageConfig(db);
  if (config === null) {
    throw new StopSharingError(
      'no-storage',
      `The shared session is on ${share.storage}, and no storage is connected now. Connect it again in "Sync and backup", then stop sharing.`,
    );
  }
  if (storageUrl(config) !== share.storage) {
    throw new StopSharingError(
      'other-storage',
      `The shared session is on ${share.storage}, not on the storage connected now (${storageUrl(config)}). ` +
        `Connect that storage in "Sync and backup" to remove it.`,
    );
  }
  try {
    await deleteSharedObject(config, share.path, opts.store ?? makeStore(config));
  } catch (e) {
    throw new StopSharingError(
      'storage-failed',
      `The storage did not remove the shared session, so its link still works. ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  const removed = { ...share, removedAt: opts.now ?? Date.now() };
  await update(db, (list) => list.map((s) => (s.id === id ? removed : s)));
  return removed;
}
