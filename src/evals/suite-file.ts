// Generated from suite-schema.json at build time (build/export-validators.ts): nothing is compiled on the page.
import { validate } from 'virtual:export-schema/suite';
import type { CaseCheck, EvalCaseRecord, EvalCell, EvalRunRecord, EvalSuiteRecord, FrozenRequest, RecordedToolResult } from '../domain/eval-case';
import { APP_INFO } from '../io/app-info';
import type { ExportAppInfo } from '../io/format-v1';
import { pointerToPath } from '../io/json-path';

/**
 * Version 1 of the suite file (architecture.md, "Test cases and suites"): the suite's cases with their frozen requests
 * and recorded tool results, and its runs when asked. Its JSON Schema is src/evals/suite-schema.json (also served at
 * /schema/toolscope-suite-v1.json). No key is ever part of it: a case holds no endpoint's key, only model names.
 */
export const SUITE_FORMAT = 'toolscope-suite';
export const SUITE_VERSION = 1;

export type SuiteFileCase = { id: string; name: string; request: FrozenRequest; recorded: RecordedToolResult[]; checks: CaseCheck[] };
export type SuiteFileCell = Omit<EvalCell, 'sessionId'>;
export type SuiteFileRun = { startedAt: number; finishedAt: number | null; models: string[]; state: EvalRunRecord['state']; cells: SuiteFileCell[] };

export type SuiteFileV1 = {
  format: typeof SUITE_FORMAT;
  version: typeof SUITE_VERSION;
  exportedAt: string;
  app: ExportAppInfo;
  suite: { name: string };
  cases: SuiteFileCase[];
  runs?: SuiteFileRun[];
};

export function buildSuiteFile(suite: EvalSuiteRecord, cases: readonly EvalCaseRecord[], runs: readonly EvalRunRecord[] | null, now: Date): SuiteFileV1 {
  return {
    format: SUITE_FORMAT,
    version: SUITE_VERSION,
    exportedAt: now.toISOString(),
    app: APP_INFO,
    suite: { name: suite.name },
    cases: cases.map((c) => ({ id: c.id, name: c.name, request: c.request, recorded: c.recorded, checks: c.checks })),
    // The sessions runs were recorded in stay behind: the file carries each cell's verdict and reasons.
    ...(runs ? { runs: runs.map((r) => ({ startedAt: r.startedAt, finishedAt: r.finishedAt, models: r.models, state: r.state, cells: r.cells.map(({ sessionId: _s, ...cell }) => cell) })) } : {}),
  };
}

export type SuiteParse = { ok: true; file: SuiteFileV1 } | { ok: false; message: string };

/** Reads a suite file; every refusal is a sentence that says what is wrong and where. Nothing is written here. */
export function parseSuiteFile(text: string): SuiteParse {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, message: 'This file is not JSON, so it is not a Toolscope suite. Choose a file made by "Export suite".' };
  }
  const envelope = data as { format?: unknown; version?: unknown } | null;
  if (typeof envelope !== 'object' || envelope === null || envelope.format !== SUITE_FORMAT) {
    return { ok: false, message: 'This file is not a Toolscope suite (its "format" is not "toolscope-suite"). Choose a file made by "Export suite".' };
  }
  if (envelope.version !== SUITE_VERSION) {
    return { ok: false, message: `This suite file has version ${JSON.stringify(envelope.version)}; this Toolscope reads version ${SUITE_VERSION}. Update Toolscope, or export the suite again.` };
  }
  if (!validate(data)) {
    const issues = (validate.errors ?? []).slice(0, 3).map((e) => `${pointerToPath(e.instancePath)} ${e.message ?? 'is not valid'}`);
    return { ok: false, message: `This suite file does not match its format, so nothing was imported: ${issues.join('; ')}.` };
  }
  return { ok: true, file: data as SuiteFileV1 };
}

/** The records an imported file becomes, under new ids so it never replaces a suite already here. */
export function suiteFromFile(file: SuiteFileV1, newId: () => string, now: number): { suite: EvalSuiteRecord; cases: EvalCaseRecord[]; runs: EvalRunRecord[] } {
  const suite: EvalSuiteRecord = { id: newId(), name: file.suite.name, createdAt: now, updatedAt: now };
  const ids = new Map<string, string>();
  const cases = file.cases.map((c): EvalCaseRecord => {
    const id = newId();
    ids.set(c.id, id);
    return { id, suiteId: suite.id, name: c.name, createdAt: now, updatedAt: now, request: c.request, recorded: c.recorded, checks: c.checks };
  });
  const runs = (file.runs ?? []).map((r): EvalRunRecord => ({
    id: newId(),
    suiteId: suite.id,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    models: r.models,
    // A run the file caught under way did not finish here either.
    state: r.state === 'running' ? 'stopped' : r.state,
    cells: r.cells.map((cell) => ({ ...cell, caseId: ids.get(cell.caseId) ?? cell.caseId, ...(cell.verdict === 'pending' ? { verdict: 'stopped' as const } : {}) })),
  }));
  return { suite, cases, runs };
}

/** What an import says: the suite's name, then each check that will fail without running, and how to mend it. */
export function suiteImportNotice(name: string, unusable: readonly string[]): string {
  const done = `Imported the suite "${name}".`;
  if (unusable.length === 0) return done;
  const which = unusable.length === 1 ? 'One "Answer matches" check' : `${unusable.length} "Answer matches" checks`;
  return `${done} ${which} will fail without running until you edit ${unusable.length === 1 ? 'it' : 'them'} (Edit checks): ${unusable.join(' ')}`;
}
