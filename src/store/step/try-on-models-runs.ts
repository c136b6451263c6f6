import { create } from 'zustand';

/**
 * A comparison streaming in this page, by comparison id: which answer slots it is asking for, each one's text so
 * far, and the abort that stops them all. A stored slot still pending with no entry here was cut off by a reload.
 */
type LiveComparison = { messageId: string; slots: number[]; texts: Record<number, string>; abort: AbortController };

type ComparisonRuns = {
  live: Record<string, LiveComparison>;
  /** "Continue with <model>" said what it switched, by the message it adopted (shown under that message). */
  continued: Record<string, string>;
  startComparison(comparisonId: string, messageId: string, slots: number[], abort: AbortController): void;
  setComparisonTexts(comparisonId: string, texts: Record<number, string>): void;
  endComparison(comparisonId: string): void;
  noteContinued(messageId: string, text: string): void;
};

export const useComparisonRuns = create<ComparisonRuns>((set) => ({
  live: {},
  continued: {},
  startComparison: (comparisonId, messageId, slots, abort) =>
    set((s) => ({ live: { ...s.live, [comparisonId]: { messageId, slots, texts: {}, abort } } })),
  setComparisonTexts: (comparisonId, texts) =>
    set((s) => {
      const run = s.live[comparisonId];
      return run ? { live: { ...s.live, [comparisonId]: { ...run, texts } } } : s;
    }),
  endComparison: (comparisonId) =>
    set((s) => {
      const { [comparisonId]: _done, ...rest } = s.live;
      return { live: rest };
    }),
  noteContinued: (messageId, text) => set((s) => ({ continued: { ...s.continued, [messageId]: text } })),
}));

export function stopComparison(comparisonId: string): void {
  useComparisonRuns.getState().live[comparisonId]?.abort.abort();
}

/** Whether some comparison of this step streams in this page now. */
export function comparingStep(live: Record<string, LiveComparison>, messageId: string): boolean {
  return Object.values(live).some((l) => l.messageId === messageId);
}
