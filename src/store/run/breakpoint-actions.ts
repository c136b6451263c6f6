import { db } from '../../db/database';
import { setBreakpoints } from '../../db/breakpoints-repo';
import type { Breakpoints, PauseDecision } from '../../domain/breakpoints';
import type { StoredPause } from '../../db/paused-run';
import { withRunLock } from '../../db/run-lock';
import { loadedRunController, loadRunController } from '../app-controller';

/** Stores the session's breakpoints; false when storage refused (the alert says so). */
export function saveBreakpoints(sessionId: string, breakpoints: Breakpoints): Promise<boolean> {
  return setBreakpoints(db, sessionId, breakpoints).catch(() => false);
}

/**
 * The decision made at a pause a reload left behind (docs/debugging.md, "Breakpoints"): Continue and Step resume the
 * run from its stored state with the decision applied; Stop repairs it as a run cut off (un-run calls answered).
 */
export async function decideStoredPause(sessionId: string, pause: StoredPause, decision: PauseDecision): Promise<void> {
  if (decision.action === 'stop') {
    // The repair code loads only when needed (architecture.md, "Speed targets": first load).
    await withRunLock(sessionId, async () =>
      (await import('../../db/recover')).recoverSession(db, sessionId, { force: true }),
    ).catch(() => undefined);
    return;
  }
  const controller = loadedRunController() ?? (await loadRunController());
  await controller.start({ kind: 'resume', sessionId, resume: { pause, decision } });
}
