import { db } from '../../../db/database';
import { SessionEventsCache } from './session-events-cache';

/** One session's events held in memory and topped up from storage (see SessionEventsCache). */
export function createSessionEventsCache(): SessionEventsCache {
  return new SessionEventsCache(db);
}
