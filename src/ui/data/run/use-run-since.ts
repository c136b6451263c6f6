import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';

/** Whether a run of the session started after `since` (wall-clock ms), live; undefined until read. */
export function useRunStartedSince(sessionId: string, since: number): boolean | undefined {
  return useLiveQuery(
    async () =>
      (await db.runs
        .where('sessionId')
        .equals(sessionId)
        .filter((r) => r.startedAt > since)
        .count()) > 0,
    [sessionId, since],
  );
}
