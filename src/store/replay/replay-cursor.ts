import type { AgentEvent } from '../../domain/run-events';
import { initialLiveRun, reduceRunBatch, type LiveRun } from '../run/live-run';

/** States kept along the stream so a seek folds at most this many events (architecture.md, "Replay"). */
const CHECKPOINT_EVERY = 256;

export type ReplayCursor = {
  runId: string;
  sessionId: string;
  /** The run's events, by seq. */
  events: readonly AgentEvent[];
  /** Ids of the messages the run appended (its user message included): the chat hides them until replayed. */
  messageIds: ReadonlySet<string>;
  /** The run as the live chat showed it after the first `position` events. */
  at(position: number): LiveRun;
};

/**
 * A stored run's event stream as a cursor: the state at a position is the stream's prefix folded through the live
 * run's own reducer (`reduceRun`), never a second model of a run. `now` for each event is the wall clock it had
 * (run start + its `t`), so countdowns and durations read as they did.
 */
export function createReplayCursor(
  runId: string,
  sessionId: string,
  startedAt: number,
  events: readonly AgentEvent[],
): ReplayCursor {
  const sorted = [...events].sort((a, b) => a.seq - b.seq);
  const messageIds = new Set(sorted.flatMap((e) => (e.type === 'message_appended' ? [e.message.id] : [])));
  const start = initialLiveRun(runId, sessionId, startedAt);
  // checkpoints[k] is the state after k * CHECKPOINT_EVERY events; filled as far as a seek has gone.
  const checkpoints: LiveRun[] = [start];
  let last: { position: number; state: LiveRun } = { position: 0, state: start };

  const nowOf = (e: AgentEvent) => startedAt + e.t;
  // Folds in batches that end on checkpoint boundaries, so each kept checkpoint is a finished state.
  const fold = (from: LiveRun, fromPos: number, to: number): LiveRun => {
    let s = from;
    for (let i = fromPos; i < to; ) {
      const end = Math.min(to, (Math.floor(i / CHECKPOINT_EVERY) + 1) * CHECKPOINT_EVERY);
      s = reduceRunBatch(s, sorted.slice(i, end), nowOf);
      i = end;
      if (i % CHECKPOINT_EVERY === 0 && checkpoints.length === i / CHECKPOINT_EVERY) checkpoints.push(s);
    }
    return s;
  };

  return {
    runId,
    sessionId,
    events: sorted,
    messageIds,
    at(position) {
      const p = Math.max(0, Math.min(sorted.length, Math.round(position)));
      // Playing forward folds only the new events; a seek starts from the nearest checkpoint at or before it.
      if (p >= last.position && p - last.position < CHECKPOINT_EVERY) {
        last = { position: p, state: fold(last.state, last.position, p) };
        return last.state;
      }
      const k = Math.min(Math.floor(p / CHECKPOINT_EVERY), checkpoints.length - 1);
      const state = fold(checkpoints[k]!, k * CHECKPOINT_EVERY, p);
      last = { position: p, state };
      return state;
    },
  };
}
