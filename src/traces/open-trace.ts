import type { ToolscopeDB } from '../db/database';
import { getTraceRow, putOpenedTrace, traceParts } from '../db/traces-repo';
import { otlpTracesToExport } from '../io/otlp/otlp-import';
import type { OtlpResourceSpans, OtlpSpan, OtlpTraces } from '../io/otlp/otlp-types';
import { breakParentLoops } from './trace-file-read';

export type OpenTraceOutcome = { ok: true; sessionId: string; reused: boolean } | { ok: false; message: string };

/** A trace's parts (its spans from each file it spread over) as one OTLP/JSON document. */
export function mergeParts(parts: readonly { spans: string }[]): OtlpTraces {
  const resourceSpans: OtlpResourceSpans[] = [];
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
  }
  // Parts from different files can close a loop that no one file had.
  breakParentLoops(all, () => {});
  return { resourceSpans };
}

/**
 * Opens a trace as a read-only session (architecture.md, "Trace inbox"): its parts merged, converted as an imported
 * OTLP file is (io/otlp/otlp-import.ts: the requests rebuilt from what the spans recorded) and stored marked
 * `openedTrace`. Opening it again returns the same session while it is there.
 */
export async function openTrace(db: ToolscopeDB, sourceId: string, traceId: string, opts: { now: number; newId: () => string }): Promise<OpenTraceOutcome> {
  const row = await getTraceRow(db, sourceId, traceId);
  if (!row) return { ok: false, message: 'This trace is no longer in the source: check it again.' };
  if (row.sessionId && (await db.sessions.get(row.sessionId))?.openedTrace) return { ok: true, sessionId: row.sessionId, reused: true };
  const parts = await traceParts(db, sourceId, traceId);
  const converted = otlpTracesToExport(mergeParts(parts), opts);
  if (!converted.ok) return { ok: false, message: converted.message };
  const entry = converted.file.sessions[0];
  if (!entry) return { ok: false, message: 'The trace holds no spans: there is nothing to show.' };
  await putOpenedTrace(db, sourceId, traceId, entry);
  return { ok: true, sessionId: entry.session.id, reused: false };
}
