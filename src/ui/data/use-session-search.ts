import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/database';
import { searchSessions } from '../../db/sessions-repo';
import type { SessionRecord } from '../../domain/session';

const LIST_LIMIT = 500;

/** Sessions whose title holds `query` (all when empty), most recently active first, live; undefined until read. */
export function useSessionSearch(query: string): SessionRecord[] | undefined {
  return useLiveQuery(() => searchSessions(db, query, LIST_LIMIT), [query]);
}
