import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { getSession } from '../../../db/sessions-repo';
import type { SessionRecord } from '../../../domain/session';

/** The stored session, live (another tab's changes show too); undefined while it loads or once it is gone. */
export function useSession(sessionId: string): SessionRecord | undefined {
  return useLiveQuery(() => getSession(db, sessionId), [sessionId]);
}
