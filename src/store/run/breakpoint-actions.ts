import { db } from '../../db/database';
import { setBreakpoints } from '../../db/breakpoints-repo';
import type { Breakpoints } from '../../domain/breakpoints';

/** Stores the session's breakpoints; false when storage refused (the alert says so). */
export function saveBreakpoints(sessionId: string, breakpoints: Breakpoints): Promise<boolean> {
  return setBreakpoints(db, sessionId, breakpoints).catch(() => false);
}
