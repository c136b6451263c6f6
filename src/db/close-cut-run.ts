import Dexie from 'dexie';
import type { ToolscopeDB } from './database';
import type { EventRecord, RunRecord } from './records';

/**
 * Closes a run its page left unfinished (a reload, a closed tab): a `run_finished` flagged `recovered` after its last
 * event, so the timeline shows where it stopped, and the run record as cancelled and interrupted. `fallbackT`: the
 * run's time when it has no event. Call it inside a transaction over `runs` and `events`.
 */
export async function closeCutRun(db: ToolscopeDB, run: RunRecord, fallbackT: number): Promise<void> {
  const last = await db.events.where('[runId+seq]').between([run.id, Dexie.minKey], [run.id, Dexie.maxKey]).last();
  const t = last?.t ?? fallbackT;
  const finished: EventRecord = {
    type: 'run_finished',
    stopReason: 'cancelled',
    usage: run.usage,
    runId: run.id,
    seq: (last?.seq ?? -1) + 1,
    t,
    sessionId: run.sessionId,
    recovered: true,
  };
  await db.events.put(finished);
  await db.runs.put({ ...run, finishedAt: run.startedAt + t, stopReason: 'cancelled', interrupted: true });
}
