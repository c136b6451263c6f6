import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/database';
import { addSuite, deleteCase, deleteSuite, listSuiteCases, listSuiteRuns, listSuites, renameSuite, runTranscripts, saveCase, settleAbandonedRuns, updateCase, type CaseTarget } from '../../db/evals-repo';
import { listRunEvents } from '../../db/events-repo';
import { loadHistory } from '../../db/messages-repo';
import { getSession } from '../../db/sessions-repo';
import { listTools } from '../../db/tools-repo';
import { getToolSet } from '../../db/tool-sets-repo';
import { assembleSystemPrompt } from '../../context/system-prompt';
import type { CaseCheck, EvalCaseRecord, EvalRunRecord, EvalSuiteRecord } from '../../domain/eval-case';
import { freezeStep, StepNotFoundError, type FrozenStep } from '../../evals/freeze-step';
import { unusablePatterns } from '../../evals/checks';
import { buildSuiteFile, parseSuiteFile, suiteFromFile, suiteImportNotice } from '../../evals/suite-file';

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

/** The step that produced `messageId`, frozen: the request as it was sent and the session's recorded tool results. */
export async function freezeSessionStep(sessionId: string, messageId: string): Promise<FrozenStep & { sessionTitle: string }> {
  const [session, history, tools] = await Promise.all([getSession(db, sessionId), loadHistory(db, sessionId), listTools(db)]);
  const step = history.find((m) => m.id === messageId);
  if (!session || step?.role !== 'assistant') throw new StepNotFoundError();
  const started = (await listRunEvents(db, step.runId)).find((e) => e.type === 'request_started' && e.messageId === messageId);
  const layers = started?.type === 'request_started' ? started.systemLayers : undefined;
  const systemPrompt = layers && layers.length > 0 ? assembleSystemPrompt(layers) : session.settings.systemPrompt;
  // The tools the step offered, as recorded (architecture.md, "Offered tool sets"); for a step from before they were
  // recorded, those enabled now, unless the session sends none. Provider-run tools are the provider's to run: a case
  // offers the functions.
  const hash = started?.type === 'request_started' ? started.toolSet : undefined;
  const set = hash !== undefined ? await getToolSet(db, sessionId, hash) : undefined;
  const offered = set
    ? set.tools.filter((t) => t.source.kind !== 'provider')
    : session.settings.toolsEnabled === false ? [] : tools.filter((t) => t.enabled);
  const frozen = freezeStep({ history, messageId, model: session.model, systemPrompt, tools: offered, temperature: session.settings.temperature });
  return { ...frozen, sessionTitle: session.title };
}

export async function saveTestCase(target: CaseTarget, c: { name: string; frozen: FrozenStep; checks: CaseCheck[]; source: { sessionId: string; messageId: string } }): Promise<string> {
  const now = Date.now();
  return saveCase(db, target, { id: crypto.randomUUID(), name: c.name, createdAt: now, updatedAt: now, source: c.source, request: c.frozen.request, recorded: c.frozen.recorded, checks: c.checks }, now);
}

export const renameTestSuite = (suiteId: string, name: string) => renameSuite(db, suiteId, name);
export const renameTestCase = (caseId: string, name: string) => updateCase(db, caseId, { name });
export const setCaseChecks = (caseId: string, checks: CaseCheck[]) => updateCase(db, caseId, { checks });
export const deleteTestCase = (caseId: string) => deleteCase(db, caseId);
export const deleteTestSuite = (suiteId: string) => deleteSuite(db, suiteId);
export const settleSuiteRuns = (liveRunId: string | null) => settleAbandonedRuns(db, liveRunId);

export async function suiteFileText(suite: EvalSuiteRecord, includeRuns: boolean): Promise<string> {
  const [cases, runs] = await Promise.all([listSuiteCases(db, suite.id), includeRuns ? listSuiteRuns(db, suite.id) : Promise.resolve(null)]);
  const transcripts = runs ? await runTranscripts(db, runs) : new Map();
  return `${JSON.stringify(buildSuiteFile(suite, cases, runs, new Date(), transcripts), null, 2)}\n`;
}

/**
 * Imports a suite file whole or not at all; the refusal is a sentence. `notice` is what the person reads after it:
 * the suite's name, and each "Answer matches" check that will fail without running (evals/checks.ts, patternProblem).
 */
export async function importSuiteFile(text: string): Promise<{ ok: true; suiteId: string; notice: string } | { ok: false; message: string }> {
  const parsed = parseSuiteFile(text);
  if (!parsed.ok) return parsed;
  const { suite, cases, runs, transcripts } = suiteFromFile(parsed.file, () => crypto.randomUUID(), Date.now());
  await addSuite(db, suite, cases, runs, transcripts);
  return { ok: true, suiteId: suite.id, notice: suiteImportNotice(suite.name, unusablePatterns(cases)) };
}
