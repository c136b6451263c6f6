import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { countRunEvents, countSessionEvents } from '../../../db/events-repo';
import { runsOffPath } from '../../../db/branches-repo';
import type { RunRecord } from '../../../db/records';
import { listRuns } from '../../../db/runs-repo';

/** A session's runs (oldest first) and how many events they have: the cheap part of a timeline to watch. */
/** `hidden`: runs left out because they belong to other branches only (architecture.md, "Branches"). */
export type SessionRuns = { sessionId: string; runs: RunRecord[]; count: number; hidden: number };
type SessionRunsRead = SessionRuns | { sessionId: string; error: string };

/**
 * The session's runs and event count, live (this tab's persister or another tab's). Only this cheap part is
 * observed, so Dexie does not track thousands of event keys; the events themselves are read incrementally
 * (createSessionEventsCache). A failed read is a value, so the view can say so. undefined until the first
 * read; after `sessionId` changes the previous session's answer stays until the new one's arrives.
 */
export function useSessionRuns(sessionId: string | null, allBranches = false): SessionRunsRead | undefined {
  return useLiveQuery(async (): Promise<SessionRunsRead | undefined> => {
    if (!sessionId) return undefined;
    try {
      const [runs, count, off] = await Promise.all([
        listRuns(db, sessionId),
        countSessionEvents(db, sessionId),
        allBranches ? new Set<string>() : runsOffPath(db, sessionId),
      ]);
      if (off.size === 0) return { sessionId, runs, count, hidden: 0 };
      const hiddenEvents = await Promise.all([...off].map((id) => countRunEvents(db, id)));
      const shown = runs.filter((r) => !off.has(r.id));
      return {
        sessionId,
        runs: shown,
        count: count - hiddenEvents.reduce((a, b) => a + b, 0),
        hidden: runs.length - shown.length,
      };
    } catch (err: unknown) {
      return { sessionId, error: err instanceof Error ? err.message : String(err) };
    }
  }, [sessionId, allBranches]);
}
