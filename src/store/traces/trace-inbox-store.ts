import { create } from 'zustand';
import type { CheckProgress } from '../../traces/check-trace-source';
import type { TraceRow } from '../../traces/trace-query';

/** What the Traces view shows of its source while it is open (architecture.md, "Trace inbox"). */
export type TraceInboxState = {
  sourceId: string | null;
  query: { text: string; errorsOnly: boolean };
  rows: TraceRow[];
  total: number;
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
  query: { text: '', errorsOnly: false },
  rows: [],
  total: 0,
  loaded: false,
  checking: false,
  progress: null,
  problems: [],
  message: null,
  opening: null,
}));
