import type { Breakpoints } from '../domain/breakpoints';
import type { ToolscopeDB } from './database';

/** Stores a session's breakpoints without touching updatedAt: setting them is not activity (the list order stays). */
export async function setBreakpoints(db: ToolscopeDB, sessionId: string, breakpoints: Breakpoints): Promise<boolean> {
  return (await db.sessions.update(sessionId, { breakpoints })) === 1;
}
