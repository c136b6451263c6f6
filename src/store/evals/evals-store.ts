import { create } from 'zustand';

/** A suite run under way in this page: its stored record's id, and the Stop that ends it. */
type LiveSuiteRun = { suiteId: string; runId: string | null; stop: () => void };

type EvalsState = {
  live: LiveSuiteRun | null;
  /** The message in the Run suite dialog: why the models could not be read, or why the run could not start. */
  runProblem: string | null;
  /** `repeats`: runs of each case x model (1-20). */
  startSuiteRun: (suiteId: string, modelsText: string, repeats: number) => Promise<boolean>;
  stopSuiteRun: () => void;
  clearRunProblem: () => void;
};

/**
 * Suite runs (architecture.md, "Test cases and suites"): loaded with the Tests view, never with the page; the runner
 * itself loads with the first run. The "Save as test case" target lives in the UI store (the chat sets it).
 */
export const useEvalsStore = create<EvalsState>()((set, get) => ({
  live: null,
  runProblem: null,
  clearRunProblem: () => set({ runProblem: null }),
  startSuiteRun: async (suiteId, modelsText, repeats) => {
    if (get().live) return false;
    const controller = new AbortController();
    set({ live: { suiteId, runId: null, stop: () => controller.abort() }, runProblem: null });
    try {
      const { runStoredSuite } = await import('./suite-service');
      const started = await runStoredSuite(suiteId, modelsText, repeats, controller.signal, (runId) =>
        set((s) => (s.live ? { live: { ...s.live, runId } } : s)),
      );
      if (!started.ok) set({ runProblem: started.message });
      return started.ok;
    } catch (e) {
      set({ runProblem: `The suite could not run: ${e instanceof Error ? e.message : String(e)}` });
      return false;
    } finally {
      set({ live: null });
    }
  },
  stopSuiteRun: () => get().live?.stop(),
}));
