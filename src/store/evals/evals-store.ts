import { create } from 'zustand';

/** The step "Save as test case" was asked for (the dialog is open while set). */
export type SaveCaseTarget = { sessionId: string; messageId: string };

/** A suite run under way in this page: its stored record's id, and the Stop that ends it. */
export type LiveSuiteRun = { suiteId: string; runId: string | null; stop: () => void };

export type EvalsState = {
  saveCase: SaveCaseTarget | null;
  live: LiveSuiteRun | null;
  /** The message in the Run suite dialog: why the models could not be read, or why the run could not start. */
  runProblem: string | null;
  openSaveCase: (target: SaveCaseTarget) => void;
  closeSaveCase: () => void;
  startSuiteRun: (suiteId: string, modelsText: string) => Promise<boolean>;
  stopSuiteRun: () => void;
  clearRunProblem: () => void;
};

/**
 * Test cases and suite runs (architecture.md, "Test cases and suites"). Small on purpose: it is in the first page
 * load (the chat's "Save as test case" sets it); the runner loads with the first run.
 */
export const useEvalsStore = create<EvalsState>()((set, get) => ({
  saveCase: null,
  live: null,
  runProblem: null,
  openSaveCase: (target) => set({ saveCase: target }),
  closeSaveCase: () => set({ saveCase: null }),
  clearRunProblem: () => set({ runProblem: null }),
  startSuiteRun: async (suiteId, modelsText) => {
    if (get().live) return false;
    const controller = new AbortController();
    set({ live: { suiteId, runId: null, stop: () => controller.abort() }, runProblem: null });
    try {
      const { runStoredSuite } = await import('./suite-service');
      const started = await runStoredSuite(suiteId, modelsText, controller.signal, (runId) =>
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
