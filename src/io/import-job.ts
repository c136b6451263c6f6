import type { ToolscopeDB } from '../db/database';
import { checkExportText, MAX_FILE_BYTES } from './check-file';
import { importCheckedFile, type ImportOutcome } from './import-file';
import { analyzeImport, type ImportAnalysis, type ImportChoices } from './import-plan';
import { screenImport, type ScreenedImport } from './import-screen';
import { summarizeTool } from './imported-tools';
import type { CheckedImport, ImportPhase, ImportPreview } from './import-protocol';

export type ProgressSink = (phase: ImportPhase, done: number, total: number) => void;

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

function preview({ file, refusedTools, cutValues }: ScreenedImport, bytes: number): ImportPreview {
  return {
    bytes,
    sessions: file.sessions.map((e) => ({ id: e.session.id, title: e.session.title, messageCount: e.messages.length, toolCallCount: e.toolCalls.length })),
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
    async check(blob: Blob): Promise<CheckedImport> {
      checked = null;
      if (blob.size > MAX_FILE_BYTES) {
        const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
        return { ok: false, failure: { stage: 'too_large', message: `The file is ${mb(blob.size)}; imports are limited to ${mb(MAX_FILE_BYTES)}.` } };
      }
      let text: string;
      try {
        text = await readText(blob, progress);
      } catch (err) {
        return { ok: false, failure: { stage: 'read', message: `The file could not be read: ${err instanceof Error ? err.message : String(err)}` } };
      }
      const result = checkExportText(text, (phase) => progress(phase, 0, 0));
      if (!result.ok) return result;
      const screened = screenImport(result.file);
      progress('analyzing', 0, 0);
      const analysis = await analyzeImport(db, screened.file);
      checked = { screened, analysis };
      return { ok: true, preview: preview(screened, blob.size), analysis };
    },
    async commit(choices: ImportChoices): Promise<ImportOutcome> {
      if (!checked) return { ok: false, failure: { stage: 'write', message: 'Nothing to import: check a file first.' } };
      const { screened, analysis } = checked;
      checked = null;
      return importCheckedFile(db, screened, analysis, choices, { onProgress: (p) => progress('writing', p.written, p.total) });
    },
  };
}
