import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { getSetting } from '../../../db/settings-repo';
import { APPROVAL_SCOPES_KEY, isApprovalScopes, type ApprovalScope } from '../../../domain/approval-scopes';

type ShownScope = { scope: ApprovalScope; sessionTitle: string | undefined };

/** The stored approval scopes with the titles of their sessions, live (another tab's answers show at once). */
export function useApprovalScopes(): ShownScope[] | undefined {
  return useLiveQuery(async () => {
    const scopes = await getSetting(db, APPROVAL_SCOPES_KEY, isApprovalScopes, []);
    const ids = [...new Set(scopes.flatMap((s) => (s.kind === 'session' ? [s.sessionId] : [])))];
    const sessions = await db.sessions.bulkGet(ids);
    const titles = new Map(sessions.flatMap((s) => (s ? [[s.id, s.title] as const] : [])));
    return scopes.map((scope) => ({
      scope,
      sessionTitle: scope.kind === 'session' ? titles.get(scope.sessionId) : undefined,
    }));
  }, []);
}
