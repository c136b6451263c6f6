import type { ToolscopeDB } from './database';
import type { RunRecord } from './records';

/** A session's runs, oldest first. */
export async function listRuns(db: ToolscopeDB, sessionId: string): Promise<RunRecord[]> {
  return (await db.runs.where('sessionId').equals(sessionId).toArray()).sort((a, b) => a.startedAt - b.startedAt);
}

export function getRun(db: ToolscopeDB, runId: string): Promise<RunRecord | undefined> {
  return db.runs.get(runId);
}
