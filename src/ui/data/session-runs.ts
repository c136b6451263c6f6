import { db } from '../../db/database';
import { countSessionEvents } from '../../db/events-repo';
import type { RunRecord } from '../../db/records';
import { listRuns } from '../../db/runs-repo';
import { SessionEventsCache } from './session-events-cache';

/** A session's runs (oldest first) and how many events they have: the cheap part of a timeline to watch. */
export type SessionRuns = { runs: RunRecord[]; count: number };

export async function readSessionRuns(sessionId: string): Promise<SessionRuns> {
  const [runs, count] = await Promise.all([listRuns(db, sessionId), countSessionEvents(db, sessionId)]);
  return { runs, count };
}

/** One session's events held in memory and topped up from storage (see SessionEventsCache). */
export function createSessionEventsCache(): SessionEventsCache {
  return new SessionEventsCache(db);
}
