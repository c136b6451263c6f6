import type { LeftOutNote } from '../../../domain/left-out-note';
import { addUsage, type Usage } from '../../../domain/messages';
import type { EventRecord } from '../../../db/records';

/**
 * What a message's quiet line says about its turn (architecture.md, "A calm chat"): the tokens its requests used and
 * how long the person waited for it, from the turn's first request_started to its last request_finished (retries and
 * their waits included). Either is null when not known.
 */
export type TurnFigures = { usage: Usage | null; ms: number | null };

/** One run's per-turn figures as folded so far from its stored events (seq ascending, gap-free). */
export type RunUsageFold = {
  lastSeq: number;
  byTurn: Map<number, Usage>;
  startT: Map<number, number>;
  ms: Map<number, number>;
  /** What each attempt's request left out, by the attempt's message id (its reply's id when it got one). */
  leftOut: Map<string, LeftOutNote[]>;
  finished: boolean;
};

export const emptyFold = (): RunUsageFold => ({
  lastSeq: -1,
  byTurn: new Map(),
  startT: new Map(),
  ms: new Map(),
  leftOut: new Map(),
  finished: false,
});

/**
 * Adds events newer than the fold to it: every request_finished (each attempt that got an answer) counts
 * for its turn, as the run store does live. Older or repeated events are ignored, so two readers of the
 * same new range cannot count an event twice.
 */
export function foldTurnUsage(fold: RunUsageFold, events: readonly EventRecord[]): RunUsageFold {
  for (const e of events) {
    if (e.seq <= fold.lastSeq) continue;
    fold.lastSeq = e.seq;
    if (e.type === 'request_started') {
      if (!fold.startT.has(e.turn)) fold.startT.set(e.turn, e.t);
    } else if (e.type === 'request_finished') {
      const prev = fold.byTurn.get(e.turn);
      fold.byTurn.set(e.turn, prev ? addUsage(prev, e.usage) : e.usage);
      const start = fold.startT.get(e.turn);
      if (start !== undefined) fold.ms.set(e.turn, Math.max(0, e.t - start));
    } else if (e.type === 'request_left_out') fold.leftOut.set(e.messageId, e.notes);
    else if (e.type === 'run_finished') fold.finished = true;
  }
  return fold;
}

export function figuresOf(fold: RunUsageFold, turn: number): TurnFigures {
  return { usage: fold.byTurn.get(turn) ?? null, ms: fold.ms.get(turn) ?? null };
}
