import { useEffect, useState } from 'react';
import { db } from '../../../db/database';
import { isRunLocked, withRunLock } from '../../../db/run-lock';
import { isLiveStatus, type SessionStatus } from '../../../domain/session';

/**
 * True while another tab holds this session's run lock. Only polled while the stored status says a run
 * is live and this tab is not the one running it; when no tab holds the lock, the dead run is repaired.
 */
export function useLockedElsewhere(
  sessionId: string | null,
  storedStatus: SessionStatus | undefined,
  runningHere: boolean,
  pausedStored = false,
): boolean {
  const [locked, setLocked] = useState(false);
  const watch = !!sessionId && !runningHere && isLiveStatus(storedStatus);
  useEffect(() => {
    if (!watch || !sessionId) {
      setLocked(false);
      return;
    }
    let live = true;
    const check = () =>
      void isRunLocked(sessionId).then(
        (l) => {
          if (live) setLocked(l);
          // Stored as live but nobody holds the lock: the running tab closed. Repair it (under the lock, so a run
          // starting right now cannot be mistaken for a dead one) so the partial shows as interrupted, not as live.
          // The repair code loads only then (architecture.md, "Speed targets": first load).
          // A run a reload left at a breakpoint is the person's to resume or stop: no repair, and no lock taken that
          // its Continue could find held (docs/debugging.md, "Breakpoints").
          if (!l && !pausedStored)
            void withRunLock(sessionId, () =>
              import('../../../db/recover').then((m) => m.recoverSession(db, sessionId)),
            ).catch(() => undefined);
        },
        () => undefined,
      );
    check();
    const timer = setInterval(check, 1000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [watch, sessionId, pausedStored]);
  return watch && locked;
}
