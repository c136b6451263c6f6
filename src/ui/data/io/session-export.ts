import { db } from '../../../db/database';
import type { ExportResult, ExportScope } from '../../../io/session-file/export-sessions';

// The export code (and ajv) loads on first use, keeping it out of the initial bundle.

/**
 * The stored sessions in scope as a Toolscope file (checked; warnings name what may not import); raw traffic only when
 * asked for (docs/wire-capture.md).
 */
export async function buildSessionsFile(
  scope: ExportScope,
  includeMemories: boolean,
  includeRawTraffic = false,
): Promise<ExportResult> {
  const { buildExport } = await import('../../../io/session-file/export-sessions');
  return buildExport(db, scope, { includeMemories, includeRawTraffic });
}

/** One stored session as plain OpenAI messages; null when it no longer exists. */
export async function buildOpenAIMessages(sessionId: string) {
  const { buildOpenAIExport } = await import('../../../io/openai/export-openai');
  return buildOpenAIExport(db, sessionId);
}
