// Generated from suite-schema.json at build time (build/export-validators.ts): nothing is compiled on the page.
import { validate } from 'virtual:export-schema/suite';
import type { ChatMessage } from '../domain/messages';
import type {
  CaseCheck,
  EvalCaseRecord,
  EvalCell,
  EvalRunRecord,
  EvalSuiteRecord,
  FrozenRequest,
  RecordedToolResult,
} from '../domain/eval-case';
import { APP_INFO } from '../io/app-info';
import type { ExportAppInfo } from '../io/session-file/format-v1';
import { pointerToPath } from '../io/json-path';

/**
 * Version 3 of the suite file (architecture.md, "Test cases and suites"): the suite's cases with their frozen requests
 * and recorded tool results, the last run's Repeats (`repeats`), and its runs when asked, each run of a cell with the
 * messages of its run session (`transcript`), its repeat and its judge requests. Versions 1 (no transcripts) and 2 (no
 * repeats, no judge) are still read and upgraded (`upgradeSuiteFile`). Its JSON Schema is src/evals/suite-schema.json
 * (also served at /schema/toolscope-suite-v3.json). No key is ever part of it: a case holds no endpoint's key, only
 * model names.
 */
const SUITE_FORMAT = 'toolscope-suite';
const SUITE_VERSION = 3;
const READABLE_VERSIONS: readonly unknown[] = [1, 2, 3];

type SuiteFileCase = {
  id: string;
  name: string;
  request: FrozenRequest;
  recorded: RecordedToolResult[];
  checks: CaseCheck[];
};
/** `transcript` (version 2): the messages of the cell's run session, when it had one. */
type SuiteFileCell = Omit<EvalCell, 'sessionId'> & { transcript?: ChatMessage[] };
type SuiteFileRun = {
  startedAt: number;
  finishedAt: number | null;
  models: string[];
  repeats?: number;
  state: EvalRunRecord['state'];
  cells: SuiteFileCell[];
};

type SuiteFile = {
  format: typeof SUITE_FORMAT;
  version: 1 | 2 | 3;
  exportedAt: string;
  app: ExportAppInfo;
  /** Version 3: the last run's Repeats, where "Run suite" starts (absent before: 1). */
  repeats?: number;
  suite: { name: string };
  cases: SuiteFileCase[];
  runs?: SuiteFileRun[];
};

/** A file of an older version as version 3: it ran each case x model once, and that is its Repeats. */
function upgradeSuiteFile(file: SuiteFile): SuiteFile & { version: 3; repeats: number } {
  return { ...file, version: SUITE_VERSION, repeats: file.repeats ?? 1 };
}

/** `transcripts`: the messages of each run session by its id (read only when runs are exported). */
export function buildSuiteFile(
  suite: EvalSuiteRecord,
  cases: readonly EvalCaseRecord[],
  runs: readonly EvalRunRecord[] | null,
  now: Date,
  transcripts: ReadonlyMap<string, ChatMessage[]> = new Map(),
): SuiteFile {
  return {
    format: SUITE_FORMAT,
    version: SUITE_VERSION,
    exportedAt: now.toISOString(),
    app: APP_INFO,
    repeats: suite.repeats ?? 1,
    suite: { name: suite.name },
    cases: cases.map((c) => ({ id: c.id, name: c.name, request: c.request, recorded: c.recorded, checks: c.checks })),
    // Each cell carries its run session's messages, so a colleague reads why it failed; the session's id stays here.
    ...(runs
      ? {
          runs: runs.map((r) => ({
            startedAt: r.startedAt,
            finishedAt: r.finishedAt,
            models: r.models,
            ...(r.repeats !== undefined ? { repeats: r.repeats } : {}),
            state: r.state,
            cells: r.cells.map(fileCell(transcripts)),
          })),
        }
      : {}),
  };
}

function fileCell(transcripts: ReadonlyMap<string, ChatMessage[]>) {
  return ({ sessionId, ...cell }: EvalCell): SuiteFileCell => {
    const transcript = sessionId === undefined ? undefined : transcripts.get(sessionId);
    return transcript && transcript.length > 0 ? { ...cell, transcript: transcript.map(plainMessage) } : cell;
  };
}

/**
 * A transcript message in the file's fields: provider items, citations, response ids and images stay home (the file
 * says what was asked and answered; the schema, like a case's frozen messages, has no place for them).
 */
function plainMessage(m: ChatMessage): ChatMessage {
  switch (m.role) {
    case 'assistant': {
      const { providerItems: _p, citations: _c, responseId: _r, ...rest } = m;
      return rest;
    }
    case 'tool': {
      const { images: _i, ...rest } = m;
      return rest;
    }
    default:
      return m;
  }
}

type SuiteParse = { ok: true; file: SuiteFile } | { ok: false; message: string };

/** Reads a suite file; every refusal is a sentence that says what is wrong and where. Nothing is written here. */
export function parseSuiteFile(text: string): SuiteParse {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return {
      ok: false,
      message: 'This file is not JSON, so it is not a Toolscope suite. Choose a file made by "Export suite".',
    };
  }
  const envelope = data as { format?: unknown; version?: unknown } | null;
  if (typeof envelope !== 'object' || envelope === null || envelope.format !== SUITE_FORMAT) {
    return {
      ok: false,
      message:
        'This file is not a Toolscope suite (its "format" is not "toolscope-suite"). Choose a file made by "Export suite".',
    };
  }
  if (!READABLE_VERSIONS.includes(envelope.version)) {
    return {
      ok: false,
      message:
        `This suite file has version ${JSON.stringify(envelope.version)}; this Toolscope reads versions ` +
        `1 to ${SUITE_VERSION}. Update Toolscope, or export the suite again.`,
    };
  }
  const checkless = checklessCaseNames(data);
  if (checkless.length > 0) {
    const names =
      checkless
        .slice(0, 3)
        .map((n) => `"${n}"`)
        .join(', ') + (checkless.length > 3 ? ` and ${checkless.length - 3} more` : '');
    return {
      ok: false,
      message:
        `This suite has ${checkless.length === 1 ? 'a case' : 'cases'} with no checks (${names}), which ` +
        `could never fail, so nothing was imported. Give each case at least one check, then export it again.`,
    };
  }
  if (!validate(data)) {
    const issues = (validate.errors ?? [])
      .slice(0, 3)
      .map((e) => `${pointerToPath(e.instancePath)} ${e.message ?? 'is not valid'}`);
    return {
      ok: false,
      message: `This suite file does not match its format, so nothing was imported: ${issues.join('; ')}.`,
    };
  }
  return { ok: true, file: upgradeSuiteFile(data as SuiteFile) };
}

/** The names of the cases whose `checks` is an empty list (read before the schema, to name them in the refusal). */
function checklessCaseNames(data: unknown): string[] {
  const cases = (data as { cases?: unknown }).cases;
  if (!Array.isArray(cases)) return [];
  return cases.flatMap((c: unknown, i) => {
    if (typeof c !== 'object' || c === null) return [];
    const { checks, name } = c as { checks?: unknown; name?: unknown };
    return Array.isArray(checks) && checks.length === 0
      ? [typeof name === 'string' && name !== '' ? name : `case ${i + 1}`]
      : [];
  });
}

/** A cell's transcript as it comes back: a test-run session (`evalRun`) its cell opens, messages under new ids. */
type ImportedTranscript = { sessionId: string; title: string; model: string; runId: string; messages: ChatMessage[] };

/** The records an imported file becomes, under new ids so it never replaces a suite already here. */
export function suiteFromFile(
  file: SuiteFile,
  newId: () => string,
  now: number,
): { suite: EvalSuiteRecord; cases: EvalCaseRecord[]; runs: EvalRunRecord[]; transcripts: ImportedTranscript[] } {
  const suite: EvalSuiteRecord = {
    id: newId(),
    name: file.suite.name,
    createdAt: now,
    updatedAt: now,
    ...(file.repeats !== undefined && file.repeats > 1 ? { repeats: file.repeats } : {}),
  };
  const ids = new Map<string, string>();
  const cases = file.cases.map((c): EvalCaseRecord => {
    const id = newId();
    ids.set(c.id, id);
    return {
      id,
      suiteId: suite.id,
      name: c.name,
      createdAt: now,
      updatedAt: now,
      request: c.request,
      recorded: c.recorded,
      checks: c.checks,
    };
  });
  const transcripts: ImportedTranscript[] = [];
  const runs = (file.runs ?? []).map((r): EvalRunRecord => {
    const runId = newId();
    return {
      id: runId,
      suiteId: suite.id,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
      models: r.models,
      ...(r.repeats !== undefined ? { repeats: r.repeats } : {}),
      // A run the file caught under way did not finish here either.
      state: r.state === 'running' ? 'stopped' : r.state,
      cells: r.cells.map(({ transcript, ...cell }) => {
        const back: EvalCell = {
          ...cell,
          caseId: ids.get(cell.caseId) ?? cell.caseId,
          ...(cell.verdict === 'pending' ? { verdict: 'stopped' as const } : {}),
        };
        if (!transcript || transcript.length === 0) return back;
        const sessionId = newId();
        transcripts.push({
          sessionId,
          title: `${cell.caseName} on ${cell.model}`,
          model: cell.model,
          runId,
          messages: renumbered(transcript, newId),
        });
        return { ...back, sessionId };
      }),
    };
  });
  return { suite, cases, runs, transcripts };
}

/** Message ids are unique across sessions: the imported ones get new ids (a summary's references follow them). */
function renumbered(messages: readonly ChatMessage[], newId: () => string): ChatMessage[] {
  const ids = new Map(messages.map((m) => [m.id, newId()]));
  return messages.map((m): ChatMessage => {
    const id = ids.get(m.id) ?? newId();
    return m.role === 'system' && m.summaryOf
      ? { ...m, id, summaryOf: m.summaryOf.map((x) => ids.get(x) ?? x) }
      : { ...m, id };
  });
}

/** What an import says: the suite's name, then each check that will fail without running, and how to mend it. */
export function suiteImportNotice(name: string, unusable: readonly string[]): string {
  const done = `Imported the suite "${name}".`;
  if (unusable.length === 0) return done;
  const which = unusable.length === 1 ? 'One "Answer matches" check' : `${unusable.length} "Answer matches" checks`;
  return `${done} ${which} will fail without running until you edit ${unusable.length === 1 ? 'it' : 'them'} (Edit checks): ${unusable.join(' ')}`;
}
