import { useEffect, useState } from 'react';
import { isRunLocked } from '../../db/run-lock';
import type { SessionStatus } from '../../db/records';

const ACTIVE: SessionStatus[] = ['generating', 'running_tools', 'awaiting_approval'];

/**
 * True while another tab holds this session's run lock. Only polled while the stored status says a run
 * is live and this tab is not the one running it.
 */
export function useLockedElsewhere(sessionId: string | null, storedStatus: SessionStatus | undefined, runningHere: boolean): boolean {
  const [locked, setLocked] = useState(false);
  const watch = !!sessionId && !runningHere && storedStatus !== undefined && ACTIVE.includes(storedStatus);
  useEffect(() => {
    if (!watch || !sessionId) {
      setLocked(false);
      return;
    }
    let live = true;
    const check = () => void isRunLocked(sessionId).then((l) => { if (live) setLocked(l); }, () => undefined);
    check();
    const timer = setInterval(check, 1000);
    return () => { live = false; clearInterval(timer); };
  }, [watch, sessionId]);
  return watch && locked;
}
