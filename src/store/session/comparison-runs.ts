import { create } from 'zustand';

/** A comparison streaming now, by message id: each model's text so far; Stop aborts them all. */
type LiveComparison = { models: string[]; texts: string[]; abort: AbortController };

type ComparisonRuns = {
  live: Record<string, LiveComparison>;
  startComparison(messageId: string, models: string[], abort: AbortController): void;
  setComparisonTexts(messageId: string, texts: string[]): void;
  endComparison(messageId: string): void;
};

export const useComparisonRuns = create<ComparisonRuns>((set) => ({
  live: {},
  startComparison: (messageId, models, abort) => set((s) => ({ live: { ...s.live, [messageId]: { models, texts: models.map(() => ''), abort } } })),
  setComparisonTexts: (messageId, texts) =>
    set((s) => {
      const run = s.live[messageId];
      return run ? { live: { ...s.live, [messageId]: { ...run, texts } } } : s;
    }),
  endComparison: (messageId) =>
    set((s) => {
      const { [messageId]: _done, ...rest } = s.live;
      return { live: rest };
    }),
}));

export function stopComparison(messageId: string): void {
  useComparisonRuns.getState().live[messageId]?.abort.abort();
}
