import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { storedPause, type StoredPause } from '../../../db/paused-run';

export type { StoredPause };
import { isLiveStatus, type SessionStatus } from '../../../domain/session';

/**
 * The pause a reload left the session's run at (docs/debugging.md, "Breakpoints"), read while the stored status says
 * a run is live and this tab runs none; null otherwise.
 */
export function useStoredPause(
  sessionId: string,
  status: SessionStatus | undefined,
  runningHere: boolean,
): StoredPause | null {
  const look = !runningHere && isLiveStatus(status);
  return (
    useLiveQuery(() => (look ? storedPause(db, sessionId) : Promise.resolve(null)), [sessionId, look, status]) ?? null
  );
}
