import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { readStoredShares, stopSharing, type StoredShare } from '../../../sync/stored-shares';
import { storedShareRows, type StoredShareRow } from './stored-share-rows';

/**
 * The stored share links of this device as list rows, live (undefined until read): one session's (the "Share link"
 * dialog) or all of them ("Sync and backup"). Kept apart from the sealing code so the sync panel does not load it.
 */
export function useStoredShareRows(sessionId?: string): StoredShareRow[] | undefined {
  return useLiveQuery(async () => {
    const shares = await readStoredShares(db);
    const ids = [...new Set(shares.map((s) => s.sessionId))];
    const sessions = await db.sessions.bulkGet(ids);
    const titles = new Map<string, string>();
    for (const s of sessions) if (s) titles.set(s.id, s.title);
    return storedShareRows(shares, titles, sessionId);
  }, [sessionId]);
}

/** "Stop sharing": removes the sealed session from the storage and marks the record; throws StopSharingError. */
export async function stopStoredShare(id: string): Promise<StoredShare> {
  return stopSharing(db, id);
}
