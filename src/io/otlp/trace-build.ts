import type { ToolscopeDB } from '../../db/database';
import { readPriceOverrides } from '../../db/prices-repo';
import { buildExport, type ExportScope } from '../session-file/export-sessions';
import { sessionsToOtlp } from './otlp-export';
import type { OtlpTraces } from './otlp-types';

/** Stored sessions (or one run of one) as an OTLP/JSON trace, priced with the person's own prices over the table. */
export async function buildTrace(
  db: ToolscopeDB,
  scope: ExportScope,
  opts: { includeContent: boolean; runId?: string },
): Promise<{ traces: OtlpTraces; sessions: number; title: string | null }> {
  const [{ file }, prices] = await Promise.all([buildExport(db, scope), readPriceOverrides(db)]);
  return {
    traces: sessionsToOtlp(file.sessions, { includeContent: opts.includeContent, prices }, opts.runId),
    sessions: file.sessions.length,
    title: file.sessions[0]?.session.title ?? null,
  };
}
