import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { listSessionEvents } from '../../../db/events-repo';
import { fromMessageRecord, getMessages, loadBranchMessages } from '../../../db/messages-repo';
import type { MessageRecord } from '../../../db/records';
import { listRuns } from '../../../db/runs-repo';
import { getSession, DEFAULT_TITLE } from '../../../db/sessions-repo';
import type { ComparePath } from '../../../compare/compare-paths';
import { branchNumbers, pathLabel } from '../../../compare/branch-choices';
import type { CompareRef } from '../../../domain/app-address';
import { branchStateOf, pathIds } from '../../../domain/branches';

/** `missing`: no such session stored here, or (`branch`) the session has no such branch. */
export type ComparePathRead = { ref: CompareRef; path: ComparePath | null; missing?: 'session' | 'branch' };

/**
 * One Compare side, live, so a run going on in either shows as it goes. A session side is its active path; a
 * branch side is the path that ends with that branch. A straight session keeps all its runs (even those that
 * stored no message); a branched one keeps the runs that wrote a message on the path.
 */
export function useComparePath(ref: CompareRef | null): ComparePathRead | undefined {
  const sessionId = ref?.sessionId ?? null;
  const branchId = ref?.branchId ?? null;
  return useLiveQuery(async (): Promise<ComparePathRead | undefined> => {
    if (!sessionId) return undefined;
    const at: CompareRef = { sessionId, branchId };
    return db.transaction('r', [db.sessions, db.messages, db.runs, db.events], async () => {
      const session = await getSession(db, sessionId);
      if (!session) return { ref: at, path: null, missing: 'session' };
      const state = branchStateOf(session);
      const numbers = branchNumbers(state);
      if (branchId !== null && !numbers.has(branchId)) return { ref: at, path: null, missing: 'branch' };
      const ids = pathIds(state, await loadBranchMessages(db, session), branchId ?? state.activeBranchId);
      const records = (await getMessages(db, ids)).filter((r): r is MessageRecord => r !== undefined);
      const [allRuns, allEvents] = await Promise.all([listRuns(db, sessionId), listSessionEvents(db, sessionId)]);
      let runs = allRuns;
      let events = allEvents;
      if (state.branches.length > 0) {
        const wrote = new Set(records.flatMap((r) => (r.role === 'assistant' || r.role === 'tool' ? [r.runId] : [])));
        runs = allRuns.filter((r) => wrote.has(r.id));
        events = allEvents.filter((e) => wrote.has(e.runId));
      }
      const title = session.title === DEFAULT_TITLE ? 'Untitled session' : session.title;
      return {
        ref: at,
        path: {
          label: pathLabel(title, branchId === null ? null : (numbers.get(branchId) ?? null)),
          sessionId,
          model: session.model,
          messages: records.filter((m) => !(m.role === 'assistant' && m.status === 'streaming')).map(fromMessageRecord),
          runs,
          events,
        },
      };
    });
  }, [sessionId, branchId]);
}
