import type { ToolscopeDB } from '../db/database';
import { getTraceRow, traceParts } from '../db/traces-repo';
import type { CheckFailure } from '../io/session-file/check-file';
import type { OtlpResourceLogs, OtlpResourceSpans, OtlpSpan, OtlpTraces } from '../io/otlp/otlp-types';
import { breakParentLoops } from './trace-file-read';

export type OpenTraceOutcome = { ok: true; sessionId: string; reused: boolean } | { ok: false; message: string };

/** A trace's parts (its spans from each file it spread over) as one OTLP/JSON document. */
export function mergeParts(parts: readonly { spans: string }[]): OtlpTraces {
  const resourceSpans: OtlpResourceSpans[] = [];
  // The GenAI events log records carried (trace-file-read.ts), whichever file they came in.
  const resourceLogs: OtlpResourceLogs[] = [];
  const all: OtlpSpan[] = [];
  const seen = new Set<string>();
  for (const p of parts) {
    const doc = JSON.parse(p.spans) as OtlpTraces;
    for (const rs of doc.resourceSpans) {
      // A span exported twice (a retried export, a file copied) is kept once.
      for (const ss of rs.scopeSpans) ss.spans = ss.spans.filter((s) => !seen.has(s.spanId) && seen.add(s.spanId));
      resourceSpans.push(rs);
      for (const ss of rs.scopeSpans) all.push(...ss.spans);
    }
    resourceLogs.push(...(doc.resourceLogs ?? []));
  }
  // Parts from different files can close a loop that no one file had.
  breakParentLoops(all, () => {});
  return { resourceSpans, ...(resourceLogs.length > 0 ? { resourceLogs } : {}) };
}

/** A refused trace in words: the import's own sentence and its first problems. */
function refusal(failure: CheckFailure | { stage: 'write'; message: string }): string {
  const issues = 'issues' in failure ? failure.issues.slice(0, 3).map((i) => `${i.path}: ${i.expected}`) : [];
  return `This trace cannot be opened: ${failure.message}${issues.length > 0 ? ` (${issues.join('; ')})` : ''}`;
}

/**
 * Opens a trace as a read-only session (architecture.md, "Trace inbox"): its parts merged, then checked and written
 * exactly as the same file imported by hand (docs/files.md, "Traces"): hostile shapes refused, converted
 * (io/otlp/otlp-import.ts: the requests rebuilt from what the spans recorded), schema, integrity and history checked,
 * screened, and stored by the import's one writer, marked `openedTrace`. Opening it again returns the same session
 * while it is there.
 */
export async function openTrace(
  db: ToolscopeDB,
  sourceId: string,
  traceId: string,
  opts: { now: number; newId: () => string },
): Promise<OpenTraceOutcome> {
  const row = await getTraceRow(db, sourceId, traceId);
  if (!row) return { ok: false, message: 'This trace is no longer in the source: check it again.' };
  if (row.sessionId && (await db.sessions.get(row.sessionId))?.openedTrace)
    return { ok: true, sessionId: row.sessionId, reused: true };
  const parts = await traceParts(db, sourceId, traceId);
  // The import's checks and writer load on the first open, not with the worker that lists traces (the schema's
  // validators are most of their size).
  const { checkExportData, screenImport, analyzeImport, importCheckedFile } = await import('./open-trace-import');
  const checked = checkExportData(mergeParts(parts), () => {}, { now: () => opts.now, newId: opts.newId });
  if (!checked.ok) return { ok: false, message: refusal(checked.failure) };
  const entry = checked.file.sessions[0];
  if (!entry) return { ok: false, message: 'The trace holds no spans: there is nothing to show.' };
  // One trace is one session: the first conversation it holds, as the trace's row names one session.
  const screened = screenImport({ ...checked.file, sessions: [entry] });
  const written = await importCheckedFile(
    db,
    screened,
    await analyzeImport(db, screened.file),
    {},
    { openedTrace: { sourceId, traceId } },
  );
  if (!written.ok) return { ok: false, message: refusal(written.failure) };
  const sessionId = written.summary.sessionIds[0];
  return sessionId
    ? { ok: true, sessionId, reused: false }
    : { ok: false, message: 'The trace holds no spans: there is nothing to show.' };
}
