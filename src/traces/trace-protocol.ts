import type { CheckOutcome, CheckProgress } from './check-trace-source';
import type { OpenTraceOutcome } from './open-trace';

/** Messages between the page and the trace worker (trace-worker.ts); `id` pairs a reply with its request. */
export type ToTraceWorker =
  | { id: number; type: 'check'; sourceId: string; files?: File[] }
  | { id: number; type: 'open'; sourceId: string; traceId: string };

export type FromTraceWorker =
  | { id: number; type: 'progress'; progress: CheckProgress }
  | { id: number; type: 'checked'; outcome: CheckOutcome }
  | { id: number; type: 'opened'; outcome: OpenTraceOutcome };
