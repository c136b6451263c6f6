import type { FolderFile } from './trace-source-access';
import type { CheckOutcome, CheckProgress } from './check-trace-source';
import type { OpenTraceOutcome } from './open-trace';
import type { TraceQuery, TraceQueryResult, TraceWindow } from './trace-query';

/** Messages between the page and the trace worker (trace-worker.ts); `id` pairs a reply with its request. */
export type ToTraceWorker =
  | { id: number; type: 'check'; sourceId: string; staged?: number }
  /** A folder's files, sent a batch per task before the check that reads them (`staged` names them). */
  | { id: number; type: 'stage'; staged: number; files: FolderFile[] }
  | { id: number; type: 'open'; sourceId: string; traceId: string }
  | { id: number; type: 'query'; sourceId: string; query: TraceQuery }
  | { id: number; type: 'window'; sourceId: string; version: number; start: number; end: number };

export type FromTraceWorker =
  | { id: number; type: 'progress'; progress: CheckProgress }
  | { id: number; type: 'checked'; outcome: CheckOutcome }
  | { id: number; type: 'opened'; outcome: OpenTraceOutcome }
  | { id: number; type: 'matched'; result: TraceQueryResult }
  | { id: number; type: 'rows'; window: TraceWindow }
  | { id: number; type: 'staged' };
