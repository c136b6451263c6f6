import type { ToolscopeDB } from '../db/database';
import { listRunEvents } from '../db/events-repo';
import { listRuns } from '../db/runs-repo';
import { lastReportedPrompt, type ReportedPrompt } from './reported-prompt';

/** How many of the newest runs are searched: a run with no report (cancelled, estimated usage) is skipped, not the end. */
const RUNS_SEARCHED = 3;

/** The session's newest provider-reported prompt size with our uncorrected estimate of it. */
export async function latestReportedPrompt(db: ToolscopeDB, sessionId: string): Promise<ReportedPrompt | null> {
  const runs = (await listRuns(db, sessionId)).reverse().slice(0, RUNS_SEARCHED);
  for (const run of runs) {
    const found = lastReportedPrompt(await listRunEvents(db, run.id));
    if (found) return found;
  }
  return null;
}
