import { create } from 'zustand';
import type { CheckProgress } from '../../traces/check-trace-source';
import type { TraceRow } from '../../traces/trace-query';

/** What the Traces view shows of its source while it is open (architecture.md, "Trace inbox"). */
export type TraceInboxState = {
  sourceId: string | null;
  /** Whether the source last chosen on this device was read back (until then the view shows none, not the first). */
  restored: boolean;
  query: { text: string; errorsOnly: boolean };
  /** How many traces match the search, of `total`; the answer's version names it in the worker. */
  matched: number;
  total: number;
  version: number;
  /** The rows the table draws now (and some around them), from `start` in the answer: never all 10,000. */
  window: { start: number; rows: TraceRow[] };
  /** Rows read for this source and query at least once (until then the table says it is reading). */
  loaded: boolean;
  checking: boolean;
  progress: CheckProgress | null;
  /** What the last check left out or could not read, in words. */
  problems: string[];
  /** Why the last check failed, or what the person must do (choose the folder again). */
  message: string | null;
  /** The opened trace being built, by trace id. */
  opening: string | null;
};

export const useTraceInboxStore = create<TraceInboxState>()(() => ({
  sourceId: null,
  restored: false,
  query: { text: '', errorsOnly: false },
  matched: 0,
  total: 0,
  version: 0,
  window: { start: 0, rows: [] },
  loaded: false,
  checking: false,
  progress: null,
  problems: [],
  message: null,
  opening: null,
}));
