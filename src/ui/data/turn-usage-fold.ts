import { addUsage, type Usage } from '../../domain/messages';
import type { EventRecord } from '../../db/records';

/** One run's per-turn usage as folded so far from its stored events (seq ascending, gap-free). */
export type RunUsageFold = { lastSeq: number; byTurn: Map<number, Usage>; finished: boolean };

export const emptyFold = (): RunUsageFold => ({ lastSeq: -1, byTurn: new Map(), finished: false });

/**
 * Adds events newer than the fold to it: every request_finished (each attempt that got an answer) counts
 * for its turn, as the run store does live. Older or repeated events are ignored, so two readers of the
 * same new range cannot count an event twice.
 */
export function foldTurnUsage(fold: RunUsageFold, events: readonly EventRecord[]): RunUsageFold {
  for (const e of events) {
    if (e.seq <= fold.lastSeq) continue;
    fold.lastSeq = e.seq;
    if (e.type === 'request_finished') {
      const prev = fold.byTurn.get(e.turn);
      fold.byTurn.set(e.turn, prev ? addUsage(prev, e.usage) : e.usage);
    } else if (e.type === 'run_finished') fold.finished = true;
  }
  return fold;
}
