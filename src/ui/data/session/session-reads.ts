import { db } from '../../../db/database';
import { DEFAULT_TITLE, getSession, listSessions } from '../../../db/sessions-repo';
import type { SessionRecord } from '../../../domain/session';

/** The title a session has until it is renamed. */
export { DEFAULT_TITLE };

/**
 * The session as stored right now, read once: for what an action starts from (the Settings form, an export's
 * name), where following later changes is not wanted. Views that show a session use useSession.
 */
export async function readSession(sessionId: string): Promise<SessionRecord | null> {
  return (await getSession(db, sessionId)) ?? null;
}

/** Every session, most recently active first, read once (the export picker's list). */
export function readAllSessions(): Promise<SessionRecord[]> {
  return listSessions(db);
}
