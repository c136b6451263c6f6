import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/database';
import { listSessionEvents } from '../../db/events-repo';
import { fromMessageRecord, listMessages } from '../../db/messages-repo';
import { listRuns } from '../../db/runs-repo';
import { getSession, DEFAULT_TITLE } from '../../db/sessions-repo';
import type { ComparePath } from '../../compare/compare-paths';

export type ComparePathRead = { sessionId: string; path: ComparePath | null };

/**
 * A whole session as one Compare path (all its messages in order, all its runs), live, so a run going on in
 * either session shows as it goes. `path` is null when no such session is stored; undefined until read.
 */
export function useComparePath(sessionId: string | null): ComparePathRead | undefined {
  return useLiveQuery(async (): Promise<ComparePathRead | undefined> => {
    if (!sessionId) return undefined;
    return db.transaction('r', [db.sessions, db.messages, db.runs, db.events], async () => {
      const session = await getSession(db, sessionId);
      if (!session) return { sessionId, path: null };
      const [messages, runs, events] = await Promise.all([listMessages(db, sessionId), listRuns(db, sessionId), listSessionEvents(db, sessionId)]);
      return {
        sessionId,
        path: {
          label: session.title === DEFAULT_TITLE ? 'Untitled session' : session.title,
          sessionId,
          model: session.model,
          messages: messages.filter((m) => !(m.role === 'assistant' && m.status === 'streaming')).map(fromMessageRecord),
          runs,
          events,
        },
      };
    });
  }, [sessionId]);
}
