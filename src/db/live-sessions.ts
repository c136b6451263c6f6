import { LIVE_STATUSES } from '../domain/session';
import type { ToolscopeDB } from './database';

/**
 * Sessions stored as live (generating, running tools, awaiting approval). Apart from recovery so start-up can ask
 * cheaply and load the repair code only when a closed page left one (architecture.md, "Speed targets": first load).
 */
export function sessionsStoredLive(db: ToolscopeDB): Promise<string[]> {
  return db.sessions
    .where('status')
    .anyOf([...LIVE_STATUSES])
    .primaryKeys();
}
