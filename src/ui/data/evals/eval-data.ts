import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import {
  addSuite,
  deleteCase,
  deleteSuite,
  listSuiteCases,
  listSuiteRuns,
  listSuites,
  renameSuite,
  runTranscripts,
  saveCase,
  settleAbandonedRuns,
  updateCase,
  type CaseTarget,
} from '../../../db/evals-repo';
import { readRecordedStep, RecordedStepNotFoundError } from '../../../db/recorded-step';
import { offeredFunctions, stepSend } from '../../../context/step-send';
import { toolsOfferedToday } from '../../../context/tools-offered-today';
import { getSession } from '../../../db/sessions-repo';
import { listTools } from '../../../db/tools-repo';
import type { CaseCheck, EvalCaseRecord, EvalRunRecord, EvalSuiteRecord } from '../../../domain/eval-case';
import { freezeStep, StepNotFoundError, type FrozenStep } from '../../../evals/freeze-step';
import { unusablePatterns } from '../../../evals/checks';
import { buildSuiteFile, parseSuiteFile, suiteFromFile, suiteImportNotice } from '../../../evals/suite-file';

/** Stored test suites, their cases and runs (architecture.md, "Test cases and suites"); live reads for the Tests view. */

export function useSuites(): EvalSuiteRecord[] | undefined {
  return useLiveQuery(() => listSuites(db), []);
}

export function useSuiteCases(suiteId: string | null): EvalCaseRecord[] | undefined {
  return useLiveQuery(() => (suiteId ? listSuiteCases(db, suiteId) : []), [suiteId]);
}

export function useSuiteRuns(suiteId: string | null): EvalRunRecord[] | undefined {
  return useLiveQuery(() => (suiteId ? listSuiteRuns(db, suiteId) : []), [suiteId]);
}

/**
 * The step that produced `messageId`, frozen: the request as it was sent (its run's model, prompt and offered tools,
 * architecture.md "One step, one reader") and the session's recorded tool results.
 */
export async function freezeSessionStep(
  sessionId: string,
  messageId: string,
): Promise<FrozenStep & { sessionTitle: string }> {
  const [session, tools] = await Promise.all([getSession(db, sessionId), listTools(db)]);
  if (!session) throw new StepNotFoundError();
  const step = await readRecordedStep(db, sessionId, messageId).catch((err: unknown) => {
    throw err instanceof RecordedStepNotFoundError ? new StepNotFoundError() : err;
  });
  // What the step sends again (`stepSend`, as Re-run and Try on other models); for a step from before offered tools
  // were recorded, those enabled now, as the context ledger counts them. A case offers the functions.
  const sent = stepSend(step, session.settings, () => toolsOfferedToday(session.settings, { definitions: tools }));
  const frozen = freezeStep({ ...step, systemPrompt: sent.systemPrompt }, offeredFunctions(sent.tools));
  return { ...frozen, sessionTitle: session.title };
}

export async function saveTestCase(
  target: CaseTarget,
  c: { name: string; frozen: FrozenStep; checks: CaseCheck[]; source: { sessionId: string; messageId: string } },
): Promise<string> {
  const now = Date.now();
  return saveCase(
    db,
    target,
    {
      id: crypto.randomUUID(),
      name: c.name,
      createdAt: now,
      updatedAt: now,
      source: c.source,
      request: c.frozen.request,
      recorded: c.frozen.recorded,
      checks: c.checks,
    },
    now,
  );
}

export const renameTestSuite = (suiteId: string, name: string) => renameSuite(db, suiteId, name);
export const renameTestCase = (caseId: string, name: string) => updateCase(db, caseId, { name });
export const setCaseChecks = (caseId: string, checks: CaseCheck[]) => updateCase(db, caseId, { checks });
export const deleteTestCase = (caseId: string) => deleteCase(db, caseId);
export const deleteTestSuite = (suiteId: string) => deleteSuite(db, suiteId);
export const settleSuiteRuns = (liveRunId: string | null) => settleAbandonedRuns(db, liveRunId);

export async function suiteFileText(suite: EvalSuiteRecord, includeRuns: boolean): Promise<string> {
  const [cases, runs] = await Promise.all([
    listSuiteCases(db, suite.id),
    includeRuns ? listSuiteRuns(db, suite.id) : Promise.resolve(null),
  ]);
  const transcripts = runs ? await runTranscripts(db, runs) : new Map();
  return `${JSON.stringify(buildSuiteFile(suite, cases, runs, new Date(), transcripts), null, 2)}\n`;
}

/**
 * Imports a suite file whole or not at all; the refusal is a sentence. `notice` is what the person reads after it:
 * the suite's name, and each "Answer matches" check that will fail without running (evals/checks.ts, patternProblem).
 */
export async function importSuiteFile(
  text: string,
): Promise<{ ok: true; suiteId: string; notice: string } | { ok: false; message: string }> {
  const parsed = parseSuiteFile(text);
  if (!parsed.ok) return parsed;
  const { suite, cases, runs, transcripts } = suiteFromFile(parsed.file, () => crypto.randomUUID(), Date.now());
  await addSuite(db, suite, cases, runs, transcripts);
  return { ok: true, suiteId: suite.id, notice: suiteImportNotice(suite.name, unusablePatterns(cases)) };
}
