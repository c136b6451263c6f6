/**
 * Turns are numbered per session: a run's loop counts its own turns from 1, and the session's numbering carries on
 * across runs, so "Turn 3" names one request of the conversation, not the third of whichever run it was in.
 */

/** A run and how many turns it reached (the highest turn any of its events names; 0 when none). */
type RunTurns = { runId: string; turns: number };

/** For each run (in start order), the session turn number its turn 1 follows: run turn t is session turn offset + t. */
export function sessionTurnOffsets(runs: readonly RunTurns[]): Map<string, number> {
  const offsets = new Map<string, number>();
  let total = 0;
  for (const r of runs) {
    offsets.set(r.runId, total);
    total += Math.max(0, r.turns);
  }
  return offsets;
}

/** The session number of a run's turn; turn 0 (a manual compaction, before any request) has none and stays 0. */
export function sessionTurn(offset: number, turn: number): number {
  return turn > 0 ? offset + turn : 0;
}

/** The highest turn named by a run's events: turns only grow within a run, so this is the last one with a turn. */
export function lastTurn(events: Iterable<object>): number {
  let max = 0;
  for (const e of events) if ('turn' in e && typeof e.turn === 'number' && e.turn > max) max = e.turn;
  return max;
}
