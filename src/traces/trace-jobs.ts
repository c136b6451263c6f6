import type { ToolscopeDB } from '../db/database';
import { traceSourceSecret } from '../db/traces-repo';
import { loadStorageConfig } from '../sync/storage-config';
import { checkTraceSource, type CheckOutcome, type CheckProgress } from './check-trace-source';
import { openTrace, type OpenTraceOutcome } from './open-trace';
import { TraceSourceError, traceFilesOf } from './trace-source-access';

/** The trace inbox's two jobs, on whichever thread runs them (the trace worker, or the page without one). */
export async function runCheck(db: ToolscopeDB, sourceId: string, files: readonly File[] | undefined, onProgress: (p: CheckProgress) => void): Promise<CheckOutcome> {
  const source = await db.traceSources.get(sourceId);
  if (!source) return { ok: false, message: 'This source was removed.' };
  try {
    const access = {
      config: source.config,
      secret: await traceSourceSecret(db, sourceId),
      syncStorage: source.config.kind === 'sync' ? await loadStorageConfig(db) : null,
      ...(files ? { files } : {}),
    };
    return await checkTraceSource(db, sourceId, traceFilesOf(access), () => Date.now(), onProgress);
  } catch (err) {
    const message = err instanceof TraceSourceError || err instanceof Error ? err.message : String(err);
    await db.traceSources.update(sourceId, { problem: message });
    return { ok: false, message };
  }
}

export function runOpen(db: ToolscopeDB, sourceId: string, traceId: string): Promise<OpenTraceOutcome> {
  return openTrace(db, sourceId, traceId, { now: Date.now(), newId: () => crypto.randomUUID() });
}
