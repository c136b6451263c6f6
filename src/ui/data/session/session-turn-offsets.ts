import Dexie from 'dexie';
import { createContext, useContext } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db as appDb, type ToolscopeDB } from '../../../db/database';
import { listRuns } from '../../../db/runs-repo';
import { sessionTurn, sessionTurnOffsets } from '../../../timeline/session-turns';

/** A finished run's turn count never changes, so it is read once per page. */
const finishedTurns = new Map<string, number>();

/**
 * A run's highest turn: the last of its events that names a turn (turns only grow within a run). Read backwards from
 * the end, so only the run's last few events are fetched, never the whole stream.
 */
async function runTurns(db: ToolscopeDB, runId: string): Promise<number> {
  const last = await db.events
    .where('[runId+seq]')
    .between([runId, Dexie.minKey], [runId, Dexie.maxKey])
    .reverse()
    .filter((e) => 'turn' in e)
    .first();
  return last && 'turn' in last ? last.turn : 0;
}

/** Each run's offset in the session's turn count, in the same run order as the timeline (start time, then id). */
export async function readTurnOffsets(db: ToolscopeDB, sessionId: string): Promise<Map<string, number>> {
  const runs = (await listRuns(db, sessionId)).sort((a, b) => a.startedAt - b.startedAt || (a.id < b.id ? -1 : 1));
  const counted = await Promise.all(
    runs.map(async (r) => {
      const known = finishedTurns.get(r.id);
      if (known !== undefined) return { runId: r.id, turns: known };
      const turns = await runTurns(db, r.id);
      if (r.finishedAt !== null) finishedTurns.set(r.id, turns);
      return { runId: r.id, turns };
    }),
  );
  const offsets = sessionTurnOffsets(counted);
  // A run this tab started but has not stored yet comes after all of them.
  offsets.set(
    '',
    counted.reduce((sum, r) => sum + r.turns, 0),
  );
  return offsets;
}

const sameOffsets = (a: Map<string, number>, b: Map<string, number>) =>
  a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
const lastRead = new Map<string, Map<string, number>>();

/** The session's turn offsets, live; the same Map until a number changes, so messages do not re-render for nothing. */
export function useTurnOffsets(sessionId: string): Map<string, number> | undefined {
  return useLiveQuery(async () => {
    const read = await readTurnOffsets(appDb, sessionId);
    const last = lastRead.get(sessionId);
    if (last && sameOffsets(last, read)) return last;
    lastRead.set(sessionId, read);
    return read;
  }, [sessionId]);
}

export const TurnOffsetsContext = createContext<Map<string, number> | undefined>(undefined);

/** A message's turn in the session's count, or null while the offsets are still being read. */
export function useSessionTurn(runId: string, turn: number): number | null {
  const offsets = useContext(TurnOffsetsContext);
  if (!offsets) return null;
  return sessionTurn(offsets.get(runId) ?? offsets.get('') ?? 0, turn);
}
