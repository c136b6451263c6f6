import type { FolderFile } from './trace-source-access';
import type { ToolscopeDB } from '../db/database';
import { traceSourceSecret } from '../db/traces-repo';
import { loadStorageConfig } from '../sync/storage-config';
import { checkTraceSource, type CheckOutcome, type CheckProgress } from './check-trace-source';
import { openTrace, type OpenTraceOutcome } from './open-trace';
import { TraceSourceError, traceFilesOf } from './trace-source-access';
import {
  createTraceIndexCache,
  createTraceResults,
  type TraceQuery,
  type TraceQueryResult,
  type TraceWindow,
} from './trace-query';

/** The trace inbox's jobs (check, open, query), on whichever thread runs them: the trace worker, or the page without one. */
export function createTraceJobs(db: ToolscopeDB) {
  const index = createTraceIndexCache(db);
  const results = createTraceResults();
  return {
    async check(
      sourceId: string,
      files: readonly FolderFile[] | undefined,
      onProgress: (p: CheckProgress) => void,
    ): Promise<CheckOutcome> {
      try {
        return await runCheck(db, sourceId, files, (p) => {
          index.forget(sourceId);
          onProgress(p);
        });
      } finally {
        index.forget(sourceId);
      }
    },
    open: (sourceId: string, traceId: string) => {
      index.forget(sourceId);
      return runOpen(db, sourceId, traceId);
    },
    async query(sourceId: string, q: TraceQuery): Promise<TraceQueryResult> {
      const version = results.next();
      return results.put(sourceId, version, await index.read(sourceId), q);
    },
    window: (sourceId: string, version: number, start: number, end: number): TraceWindow =>
      results.window(sourceId, version, start, end),
  };
}

async function runCheck(
  db: ToolscopeDB,
  sourceId: string,
  files: readonly FolderFile[] | undefined,
  onProgress: (p: CheckProgress) => void,
): Promise<CheckOutcome> {
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

function runOpen(db: ToolscopeDB, sourceId: string, traceId: string): Promise<OpenTraceOutcome> {
  return openTrace(db, sourceId, traceId, { now: Date.now(), newId: () => crypto.randomUUID() });
}
