import type { ToolscopeDB } from '../../db/database';
import { checkExportData, MAX_FILE_BYTES, type CheckResult } from '../session-file/check-file';
import type { Converted } from '../foreign/open-foreign';
import type { ForeignNotes } from '../foreign/session-builder';
import { hostileShapeFailure, parseJsonText } from './parse-file';
import { fileFormat } from './file-format';
import { otlpTracesToExport } from '../otlp/otlp-import';
import { importCheckedFile, type ImportOutcome } from './import-file';
import { analyzeImport, type ImportAnalysis, type ImportChoices } from './import-plan';
import { screenImport, type ScreenedImport } from './import-screen';
import { summarizeTool } from './imported-tools';
import type { CheckedImport, ImportFailure, ImportPhase, ImportPreview } from './import-protocol';
import type { CheckPhase } from '../session-file/check-file';

type ProgressSink = (phase: ImportPhase, done: number, total: number) => void;

/** Reads a file as text, reporting bytes read; a 50 MB file arrives in many small steps. */
async function readText(file: Blob, progress: ProgressSink): Promise<string> {
  const reader = file.stream().getReader();
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const parts: string[] = [];
  let done = 0;
  let reported = 0;
  progress('reading', 0, file.size);
  for (;;) {
    const next = await reader.read();
    if (next.done) break;
    parts.push(decoder.decode(next.value, { stream: true }));
    done += next.value.byteLength;
    if (done - reported >= 512 * 1024) {
      reported = done;
      progress('reading', done, file.size);
    }
  }
  parts.push(decoder.decode());
  progress('reading', file.size, file.size);
  // A byte-order mark is not JSON; editors on some systems add one.
  const text = parts.join('');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function preview(
  { file, refusedTools, cutValues }: ScreenedImport,
  bytes: number,
  foreign: ForeignNotes | undefined,
): ImportPreview {
  return {
    bytes,
    ...(foreign ? { foreign } : {}),
    sessions: file.sessions.map((e) => ({
      id: e.session.id,
      title: e.session.title,
      messageCount: e.messages.length,
      toolCallCount: e.toolCalls.length,
    })),
    tools: file.tools.map(summarizeTool),
    refusedTools,
    cutValues,
    memories: file.memories?.length ?? 0,
    ...(file.mcpServers !== undefined && file.mcpServers.length > 0
      ? { mcpServers: file.mcpServers.map((s) => ({ name: s.name || s.url, url: s.url, needsHeaders: s.headerNames })) }
      : {}),
  };
}

/**
 * One import, in two steps with the user in between: check (read, parse, validate, find clashes) and
 * commit (plan with the user's choices, write). Runs in the import worker; also on the main thread where
 * workers are unavailable. The parsed file never leaves the context that parsed it.
 */
export function createImportJob(db: ToolscopeDB, progress: ProgressSink) {
  let checked: { screened: ScreenedImport; analysis: ImportAnalysis } | null = null;
  return {
    async check(files: File[]): Promise<CheckedImport> {
      checked = null;
      const bytes = files.reduce((n, f) => n + f.size, 0);
      if (bytes > MAX_FILE_BYTES) {
        const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
        return {
          ok: false,
          failure: {
            stage: 'too_large',
            message: `The file is ${mb(bytes)}; imports are limited to ${mb(MAX_FILE_BYTES)}.`,
          },
        };
      }
      if (files.length === 0) return { ok: false, failure: { stage: 'read', message: 'No file was picked.' } };
      let result: CheckResult;
      let foreign: ForeignNotes | undefined;
      try {
        const outcome = await checkFiles(files, progress);
        if (!('result' in outcome)) return outcome;
        ({ result, foreign } = outcome);
      } catch (err) {
        return {
          ok: false,
          failure: {
            stage: 'read',
            message: `The file could not be read: ${err instanceof Error ? err.message : String(err)}`,
          },
        };
      }
      if (!result.ok) return result;
      const screened = screenImport(result.file);
      progress('analyzing', 0, 0);
      const analysis = await analyzeImport(db, screened.file);
      checked = { screened, analysis };
      return { ok: true, preview: preview(screened, bytes, foreign), analysis };
    },
    async commit(choices: ImportChoices): Promise<ImportOutcome> {
      if (!checked)
        return { ok: false, failure: { stage: 'write', message: 'Nothing to import: check a file first.' } };
      const { screened, analysis } = checked;
      checked = null;
      return importCheckedFile(db, screened, analysis, choices, {
        onProgress: (p) => progress('writing', p.written, p.total),
      });
    },
  };
}

const fresh = () => ({ now: Date.now(), newId: () => crypto.randomUUID() });

/**
 * Reads and checks the picked files. One JSON file goes the way it always went (a Toolscope file, OpenAI messages,
 * an OTLP trace), unless its shape says it is another app's export or an AG-UI log; a .zip or several files are an
 * export picked whole (architecture.md, "Import and export of other formats"). The converters load only then.
 */
async function checkFiles(
  files: File[],
  progress: ProgressSink,
): Promise<{ result: CheckResult; foreign?: ForeignNotes } | { ok: false; failure: ImportFailure }> {
  const phase = (p: CheckPhase) => progress(p, 0, 0);
  const first = files[0]!;
  const picked = fileFormat({
    step: 'picked',
    files: [
      { name: first.name, head: new Uint8Array(await first.slice(0, 4).arrayBuffer()) },
      ...files.slice(1).map((f) => ({ name: f.name, head: new Uint8Array(0) })),
    ],
  });
  if (picked.kind === 'archive') {
    progress('reading', 0, first.size);
    const { convertPicked } = await import('../foreign/open-foreign');
    return afterConversion(
      await convertPicked(
        files.map((f) => ({ name: f.name, bytes: async () => new Uint8Array(await f.arrayBuffer()) })),
        fresh(),
      ),
      phase,
    );
  }
  const text = await readText(first, progress);
  phase('parsing');
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    if (fileFormat({ step: 'unparsed', text }).kind === 'agui_json_lines') {
      const { convertJsonLines } = await import('../foreign/open-foreign');
      return afterConversion(await convertJsonLines(text, fresh()), phase);
    }
    return { result: { ok: false, failure: { stage: 'json', message: parsed.error.message, error: parsed.error } } };
  }
  const format = fileFormat({ step: 'parsed', data: parsed.data });
  switch (format.kind) {
    case 'foreign': {
      phase('screening');
      const { convertParsed } = await import('../foreign/open-foreign');
      return afterConversion(await convertParsed(parsed.data, format.app, fresh()), phase);
    }
    case 'otlp':
      return otlpChecked(parsed.data, phase);
    default:
      // Chat Completions messages and Toolscope files: the session-file check converts the first and checks both.
      return { result: checkExportData(parsed.data, phase) };
  }
}

/**
 * An OTLP trace is checked as check-file.ts checks it; spans left out as unreadable are listed in the dialog like
 * another app's left-out entries (architecture.md, "Traces").
 */
function otlpChecked(data: unknown, phase: (p: CheckPhase) => void): { result: CheckResult; foreign?: ForeignNotes } {
  // Hostile shapes are refused before anything reads the trace.
  const hostile = hostileShapeFailure(data);
  if (hostile) return { result: { ok: false, failure: hostile } };
  phase('validating');
  const converted = otlpTracesToExport(data, fresh());
  if (!converted.ok)
    return {
      result: {
        ok: false,
        failure: {
          stage: converted.stage,
          message: converted.message,
          issues: converted.issues,
          total: converted.total,
        },
      },
    };
  const result = checkExportData(converted.file, phase);
  if (converted.skipped.length === 0) return { result };
  const spans = converted.file.sessions.reduce((n, s) => n + s.runs.length, 0);
  const found = [
    `${converted.file.sessions.length} session${converted.file.sessions.length === 1 ? '' : 's'} from ${spans} trace${spans === 1 ? '' : 's'}`,
  ];
  return {
    result,
    foreign: { format: 'OpenTelemetry (OTLP/JSON) trace', found, leftOut: [], skipped: converted.skipped },
  };
}

function afterConversion(
  converted: Converted,
  phase: (p: CheckPhase) => void,
): { result: CheckResult; foreign?: ForeignNotes } | { ok: false; failure: ImportFailure } {
  if (!converted.ok) return { ok: false, failure: converted.failure };
  // The converted sessions are checked like any file: nothing reaches the database unchecked.
  return { result: checkExportData(converted.file, phase), foreign: converted.notes };
}
