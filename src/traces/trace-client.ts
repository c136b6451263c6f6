import type { FolderFile } from './trace-source-access';
import { db } from '../db/database';
import { storageBackend } from '../db/storage-backend';
import type { CheckOutcome, CheckProgress } from './check-trace-source';
import type { OpenTraceOutcome } from './open-trace';
import { createTraceJobs } from './trace-jobs';
import type { TraceQuery, TraceQueryResult, TraceWindow } from './trace-query';
import type { FromTraceWorker, ToTraceWorker } from './trace-protocol';

export type TraceClient = {
  check(
    sourceId: string,
    files: FolderFile[] | undefined,
    onProgress: (p: CheckProgress) => void,
  ): Promise<CheckOutcome>;
  open(sourceId: string, traceId: string): Promise<OpenTraceOutcome>;
  query(sourceId: string, q: TraceQuery): Promise<TraceQueryResult>;
  window(sourceId: string, version: number, start: number, end: number): Promise<TraceWindow>;
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Files sent to the worker per message. */
const STAGE_BATCH = 100;

type Pending = {
  resolve: (m: FromTraceWorker) => void;
  reject: (e: Error) => void;
  onProgress?: (p: CheckProgress) => void;
};

/**
 * The page's handle on the trace worker (architecture.md, "Trace inbox"). One worker, started on first use, serves
 * every source; where none can be made, or the database lives in the page's memory, the jobs run on the page.
 */
export function createTraceClient(): TraceClient {
  if (storageBackend().kind === 'memory') {
    const jobs = createTraceJobs(db);
    return {
      check: (s, f, p) => jobs.check(s, f, p),
      open: (s, t) => jobs.open(s, t),
      query: (s, q) => jobs.query(s, q),
      window: async (s, v, a, b) => jobs.window(s, v, a, b),
    };
  }
  let worker: Worker | null = null;
  let next = 1;
  const pending = new Map<number, Pending>();
  const start = (): Worker => {
    const w = new Worker(new URL('./trace-worker.ts', import.meta.url), { type: 'module', name: 'toolscope-traces' });
    w.onmessage = (event: MessageEvent<FromTraceWorker>) => {
      const msg = event.data;
      const p = pending.get(msg.id);
      if (!p) return;
      if (msg.type === 'progress') p.onProgress?.(msg.progress);
      else {
        pending.delete(msg.id);
        p.resolve(msg);
      }
    };
    w.onerror = (event) => {
      event.preventDefault();
      const err = new Error(event.message || 'The trace worker stopped.');
      for (const p of pending.values()) p.reject(err);
      pending.clear();
      worker = null;
    };
    return w;
  };
  const ask = (msg: DistributiveOmit<ToTraceWorker, 'id'>, onProgress?: (p: CheckProgress) => void) =>
    new Promise<FromTraceWorker>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve, reject, ...(onProgress ? { onProgress } : {}) });
      worker ??= start();
      worker.postMessage({ ...msg, id } as ToTraceWorker);
    });
  return {
    async check(sourceId, files, onProgress) {
      try {
        let staged: number | undefined;
        if (files) {
          // A folder of 2,000 files is sent a batch per task: one message with every file held the page for long.
          staged = next++;
          for (let i = 0; i < files.length; i += STAGE_BATCH) {
            await ask({ type: 'stage', staged, files: files.slice(i, i + STAGE_BATCH) });
          }
        }
        const reply = await ask({ type: 'check', sourceId, ...(staged !== undefined ? { staged } : {}) }, onProgress);
        return reply.type === 'checked'
          ? reply.outcome
          : { ok: false, message: 'The trace worker answered out of turn.' };
      } catch (err) {
        return { ok: false, message: err instanceof Error ? err.message : String(err) };
      }
    },
    async open(sourceId, traceId) {
      try {
        const reply = await ask({ type: 'open', sourceId, traceId });
        return reply.type === 'opened'
          ? reply.outcome
          : { ok: false, message: 'The trace worker answered out of turn.' };
      } catch (err) {
        return { ok: false, message: err instanceof Error ? err.message : String(err) };
      }
    },
    async query(sourceId, q) {
      const reply = await ask({ type: 'query', sourceId, query: q });
      if (reply.type !== 'matched') throw new Error('The trace worker answered out of turn.');
      return reply.result;
    },
    async window(sourceId, version, start, end) {
      const reply = await ask({ type: 'window', sourceId, version, start, end });
      if (reply.type !== 'rows') throw new Error('The trace worker answered out of turn.');
      return reply.window;
    },
  };
}
