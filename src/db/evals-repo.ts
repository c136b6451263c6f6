import type { EvalCaseRecord, EvalRunRecord, EvalSuiteRecord } from '../domain/eval-case';
import type { ToolscopeDB } from './database';
import type { ChatMessage } from '../domain/messages';
import { appendMessage, loadHistory, sessionMessages } from './messages-repo';
import { createSession } from './sessions-repo';
import { sessionTables } from './database';

/** Test suites, their cases and their runs (architecture.md, "Test cases and suites"). */

export function listSuites(db: ToolscopeDB): Promise<EvalSuiteRecord[]> {
  return db.evalSuites.orderBy('updatedAt').reverse().toArray();
}

export function listSuiteCases(db: ToolscopeDB, suiteId: string): Promise<EvalCaseRecord[]> {
  return db.evalCases.where('suiteId').equals(suiteId).sortBy('createdAt');
}

/** Newest first. */
export async function listSuiteRuns(db: ToolscopeDB, suiteId: string): Promise<EvalRunRecord[]> {
  const runs = await db.evalRuns.where('suiteId').equals(suiteId).sortBy('startedAt');
  return runs.reverse();
}

export type CaseTarget = { suiteId: string } | { newSuite: string };

/** Saves a case into a suite, making the suite first when it is new; one transaction. Returns the suite's id. */
export async function saveCase(
  db: ToolscopeDB,
  target: CaseTarget,
  c: Omit<EvalCaseRecord, 'suiteId'>,
  now = Date.now(),
  newId = () => crypto.randomUUID(),
): Promise<string> {
  return db.transaction('rw', db.evalSuites, db.evalCases, async () => {
    let suiteId: string;
    if ('newSuite' in target) {
      suiteId = newId();
      await db.evalSuites.add({ id: suiteId, name: target.newSuite, createdAt: now, updatedAt: now });
    } else {
      suiteId = target.suiteId;
      const n = await db.evalSuites.update(suiteId, { updatedAt: now });
      if (n === 0)
        throw new Error('That suite is gone (deleted in another tab?). Choose another suite or make a new one.');
    }
    await db.evalCases.add({ ...c, suiteId });
    return suiteId;
  });
}

export async function renameSuite(db: ToolscopeDB, suiteId: string, name: string, now = Date.now()): Promise<void> {
  await db.evalSuites.update(suiteId, { name, updatedAt: now });
}

/** The last run's Repeats, where "Run suite" starts next time; a suite's order (updatedAt) is left as it is. */
export async function setSuiteRepeats(db: ToolscopeDB, suiteId: string, repeats: number): Promise<void> {
  await db.evalSuites.update(suiteId, { repeats });
}

export async function updateCase(
  db: ToolscopeDB,
  caseId: string,
  patch: Partial<Pick<EvalCaseRecord, 'name' | 'checks'>>,
  now = Date.now(),
): Promise<void> {
  await db.evalCases.update(caseId, { ...patch, updatedAt: now });
}

export async function deleteCase(db: ToolscopeDB, caseId: string): Promise<void> {
  await db.evalCases.delete(caseId);
}

export async function putEvalRun(db: ToolscopeDB, run: EvalRunRecord): Promise<void> {
  await db.evalRuns.put(run);
}

/**
 * A suite goes with its cases, its runs and the sessions its runs were recorded in (they exist only for it), in one
 * transaction.
 */
export async function deleteSuite(db: ToolscopeDB, suiteId: string): Promise<void> {
  await db.transaction('rw', [db.evalSuites, db.evalCases, db.evalRuns, ...sessionTables(db)], async () => {
    const runs = await db.evalRuns.where('suiteId').equals(suiteId).toArray();
    const sessionIds = runs.flatMap((r) => r.cells.flatMap((c) => (c.sessionId ? [c.sessionId] : [])));
    for (const id of sessionIds) {
      await Promise.all([
        sessionMessages(db, id).delete(),
        db.toolCalls.where('sessionId').equals(id).delete(),
        db.runs.where('sessionId').equals(id).delete(),
        db.events.where('sessionId').equals(id).delete(),
        db.mcpViewEvents.where('sessionId').equals(id).delete(),
        db.toolSets.where('sessionId').equals(id).delete(),
        db.sessions.delete(id),
      ]);
    }
    await Promise.all([
      db.evalRuns.where('suiteId').equals(suiteId).delete(),
      db.evalCases.where('suiteId').equals(suiteId).delete(),
      db.evalSuites.delete(suiteId),
    ]);
  });
}

/** The messages of each cell's run session, by session id, for "Export suite" with results (a session gone is skipped). */
export async function runTranscripts(
  db: ToolscopeDB,
  runs: readonly EvalRunRecord[],
): Promise<Map<string, ChatMessage[]>> {
  const out = new Map<string, ChatMessage[]>();
  for (const id of runs.flatMap((r) => r.cells.flatMap((c) => (c.sessionId ? [c.sessionId] : [])))) {
    const messages = await loadHistory(db, id);
    if (messages.length > 0) out.set(id, messages);
  }
  return out;
}

/** A cell's run session as an imported file carries it (evals/suite-file.ts): a test-run session with its messages. */
type TranscriptSession = { sessionId: string; title: string; model: string; runId: string; messages: ChatMessage[] };

/**
 * Adds an imported suite whole, under new ids so it never overwrites one already here, with its cells' transcripts as
 * test-run sessions (`evalRun`, out of the Sessions list and of sync); one transaction.
 */
export async function addSuite(
  db: ToolscopeDB,
  suite: EvalSuiteRecord,
  cases: EvalCaseRecord[],
  runs: EvalRunRecord[],
  transcripts: readonly TranscriptSession[] = [],
): Promise<void> {
  await db.transaction('rw', [db.evalSuites, db.evalCases, db.evalRuns, db.sessions, db.messages], async () => {
    await db.evalSuites.add(suite);
    await db.evalCases.bulkAdd(cases);
    if (runs.length > 0) await db.evalRuns.bulkAdd(runs);
    for (const t of transcripts) {
      await createSession(db, {
        id: t.sessionId,
        title: t.title,
        model: t.model,
        evalRun: { suiteId: suite.id, runId: t.runId },
        now: suite.createdAt,
      });
      for (const m of t.messages) await appendMessage(db, t.sessionId, m);
    }
  });
}

/**
 * Runs left "running" by a page that closed or reloaded mid-run end as stopped: their unfinished cells never pass.
 * `liveRunId` is this page's own run, which goes on.
 */
export async function settleAbandonedRuns(db: ToolscopeDB, liveRunId: string | null, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.evalRuns, async () => {
    const runs = await db.evalRuns.filter((r) => r.state === 'running' && r.id !== liveRunId).toArray();
    for (const r of runs) {
      await db.evalRuns.put({
        ...r,
        state: 'stopped',
        finishedAt: r.finishedAt ?? now,
        cells: r.cells.map((c) =>
          c.verdict === 'pending'
            ? { ...c, verdict: 'stopped', reasons: ['Stopped: the page closed before it finished.'] }
            : c,
        ),
      });
    }
  });
}
