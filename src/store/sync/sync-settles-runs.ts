import { loadedRunController } from '../app-controller';
import { useRunStore } from '../run/run-store';

/**
 * After a round that wrote records: a finished run of this tab whose records are all stored stops overlaying its
 * messages on the chat (as showing another branch does), so what sync moved (a continuation that became a branch
 * of its own, architecture.md "Sync and backup") shows where it now is rather than where the run appended it.
 */
export function settleFinishedRuns(): void {
  for (const [sessionId, run] of Object.entries(useRunStore.getState().runs)) {
    if (!run.ended || run.appended.length === 0 || (loadedRunController()?.unsavedRecords(sessionId) ?? null) !== null)
      continue;
    useRunStore.getState().dropAppended(sessionId, run);
  }
}
