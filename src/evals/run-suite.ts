import type { EventSink } from '../domain/run-events';
import type { ModelClient } from '../agent/model-client';
import type { EvalCaseRecord, EvalCell, EvalRunRecord } from '../domain/eval-case';
import type { ChatMessage } from '../domain/messages';
import { CASE_COULD_NOT_RUN } from './failure-kind';
import { CaseWithoutChecksError, runCase, type CaseRunDeps } from './run-case';

/** A model a suite runs on: `label` names its column ("<model>" or "<model> @ <host>"). */
export type SuiteTarget = { label: string; model: string; client: ModelClient };

/** The session a cell's run is recorded in, with the frozen messages already stored under its own ids. */
export type CellSession = { sessionId: string; history: ChatMessage[]; emit: EventSink; close(): Promise<void> };

export type SuiteRunDeps = CaseRunDeps & {
  /** A session of its own for one cell, marked as `runId`'s so the Sessions list leaves it out. */
  openCellSession(testCase: EvalCaseRecord, target: SuiteTarget, runId: string): Promise<CellSession>;
  saveRun(run: EvalRunRecord): Promise<void>;
  now: () => number;
  /** Cells run at once (default 4), across models: one slow model does not hold the others up. */
  concurrency?: number;
};

const SUITE_CONCURRENCY = 4;

/**
 * Runs every case on every model (architecture.md, "Test cases and suites"), a bounded number at once, and records
 * the run after every cell, so a reload keeps what finished. `signal` stops everything at once: running cells end
 * "stopped" and cells not started are "stopped" too; none of them ever passes. Retry-After is honoured by the loop's
 * own retry of each request.
 */
export async function runSuite(
  suiteId: string,
  models: string[],
  cases: readonly EvalCaseRecord[],
  targets: readonly SuiteTarget[],
  deps: SuiteRunDeps,
  signal: AbortSignal,
  onProgress: (run: EvalRunRecord) => void,
  repeats = 1,
): Promise<EvalRunRecord> {
  // Each case x model runs `repeats` times as independent runs of the same frozen request: one cell per run.
  const jobs = cases.flatMap((c) =>
    targets.flatMap((t) => Array.from({ length: repeats }, (_, repeat) => ({ c, t, repeat }))),
  );
  const cells: EvalCell[] = jobs.map(({ c, t, repeat }) => ({
    caseId: c.id,
    caseName: c.name,
    model: t.label,
    ...(repeats > 1 ? { repeat } : {}),
    verdict: 'pending',
    reasons: [],
    costUsd: null,
    ttftMs: null,
    durationMs: null,
  }));
  let run: EvalRunRecord = {
    id: deps.newId(),
    suiteId,
    startedAt: deps.now(),
    finishedAt: null,
    models,
    ...(repeats > 1 ? { repeats } : {}),
    state: 'running',
    cells,
  };
  // Writes go one after another, each with the latest cells: a slow write never lands after a newer one.
  let writes = Promise.resolve();
  const publish = (next: EvalRunRecord) => {
    run = next;
    onProgress(run);
    writes = writes.then(() => deps.saveRun(next)).catch(() => undefined);
  };
  const setCell = (i: number, patch: Partial<EvalCell>) =>
    publish({ ...run, cells: run.cells.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  publish(run);

  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      const job = jobs[i];
      if (job === undefined || signal.aborted) return;
      let session: CellSession | null = null;
      // Said before a session is made for it: nothing is sent for a case that cannot pass.
      if (job.c.checks.length === 0) {
        setCell(i, { verdict: 'fail', reasons: [new CaseWithoutChecksError(job.c.name).message] });
        continue;
      }
      try {
        session = await deps.openCellSession(job.c, job.t, run.id);
        setCell(i, { sessionId: session.sessionId });
        const result = await runCase(
          {
            testCase: job.c,
            model: job.t.model,
            client: job.t.client,
            history: session.history,
            sessionId: session.sessionId,
            emit: session.emit,
            signal,
          },
          deps,
        );
        setCell(i, result);
      } catch (e) {
        setCell(
          i,
          signal.aborted
            ? { verdict: 'stopped', reasons: ['Stopped before it finished.'] }
            : { verdict: 'fail', reasons: [`${CASE_COULD_NOT_RUN}${e instanceof Error ? e.message : String(e)}`] },
        );
      } finally {
        await session?.close();
      }
    }
  };
  const width = Math.max(1, Math.min(deps.concurrency ?? SUITE_CONCURRENCY, jobs.length));
  await Promise.all(Array.from({ length: width }, worker));
  const stopped = signal.aborted;
  publish({
    ...run,
    finishedAt: deps.now(),
    state: stopped ? 'stopped' : 'finished',
    cells: run.cells.map((c) =>
      c.verdict === 'pending' ? { ...c, verdict: 'stopped', reasons: ['Stopped before it started.'] } : c,
    ),
  });
  await writes;
  return run;
}
