import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { searchSessions } from '../../../db/sessions-repo';
import type { SessionRecord } from '../../../domain/session';

const LIST_LIMIT = 500;

/**
 * Sessions whose title holds `query` (all when empty), most recently active first, live; undefined until read. A suite
 * run's sessions only with `testRuns`.
 */
export function useSessionSearch(query: string, testRuns = false): SessionRecord[] | undefined {
  return useLiveQuery(() => searchSessions(db, query, LIST_LIMIT, testRuns), [query, testRuns]);
}

/** Whether any suite has been run here, so its test-run sessions exist to show (live; false until read). */
export function useHasTestRuns(): boolean {
  return useLiveQuery(async () => (await db.evalRuns.limit(1).count()) > 0, [], false);
}
