import type { RecallOutcome } from './recall-memories';

/** How the last run of a session recalled memories, so the chat can say when keywords stood in for embeddings. */
type RecallReport = { sessionId: string; mode: RecallOutcome['mode']; count: number; reason: string | null };

type Listener = () => void;

/** In-memory only: it describes this tab's latest run, not history worth storing. */
function createRecallNotices() {
  const notices = new Map<string, RecallReport>();
  const listeners = new Set<Listener>();
  return {
    get: (sessionId: string): RecallReport | null => notices.get(sessionId) ?? null,
    record(sessionId: string, outcome: RecallOutcome) {
      notices.set(sessionId, {
        sessionId,
        mode: outcome.mode,
        count: outcome.items.length,
        reason: outcome.fallbackReason ?? null,
      });
      for (const l of listeners) l();
    },
    /** The session's run recalled nothing on purpose (memory switched off): there is nothing to say. */
    clear(sessionId: string) {
      if (!notices.delete(sessionId)) return;
      for (const l of listeners) l();
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const recallNotices = createRecallNotices();
