import { create } from 'zustand';

/** The last push to the collector per session (by hand or after a run), for the "Send to collector" status line. */
type CollectorStatus = { kind: 'sending' } | { kind: 'sent'; text: string } | { kind: 'failed'; text: string };

type State = {
  bySession: Record<string, CollectorStatus>;
  set(sessionId: string, status: CollectorStatus | null): void;
};

export const useCollectorStatus = create<State>((set) => ({
  bySession: {},
  set: (sessionId, status) =>
    set((s) => {
      const next = { ...s.bySession };
      if (status) next[sessionId] = status;
      else delete next[sessionId];
      return { bySession: next };
    }),
}));
