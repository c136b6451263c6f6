import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import type { ToolscopeDB } from '../../../db/database';
import {
  listMessageExchanges,
  listRecentSessionRequests,
  listSessionExchanges,
  type SessionRequests,
} from '../../../db/wire-exchanges-repo';
import type { WireExchange } from '../../../domain/wire-exchange';

/** What the dialog of a model step shows and may compare with. */
type StepExchanges = {
  /** Every attempt of the step's turn (a retry writes under a new message id), each redirect hop too, oldest first. */
  own: WireExchange[];
  /** The session's other model requests, oldest first. */
  others: WireExchange[];
  /** Other sessions' latest model requests, the most recently active session first. */
  elsewhere: SessionRequests[];
};

/** A model exchange's run and turn, when it recorded its turn (exchanges captured before that have none). */
function turnOf(e: WireExchange | undefined): { runId: string; turn: number } | null {
  return e?.owner.kind === 'model' && e.owner.turn !== undefined ? { runId: e.owner.runId, turn: e.owner.turn } : null;
}

/**
 * Every attempt of the turn whose reply is `messageId` (docs/wire-capture.md, "Reading it back"), found by the run and
 * turn its own exchange names, so a reload or another branch finds the same ones; oldest first.
 */
async function readStepAttempts(d: ToolscopeDB, messageId: string): Promise<WireExchange[]> {
  const mine = await listMessageExchanges(d, messageId);
  const at = turnOf(mine[0]);
  const home = mine[0]?.sessionId;
  if (at === null || home === undefined) return mine;
  const siblings = await listSessionExchanges(d, home);
  return siblings.filter((e) => e.owner.kind === 'model' && e.owner.runId === at.runId && e.owner.turn === at.turn);
}

/** The requests "Compare requests" offers beside `ownIds`: the session's other model requests, then other sessions'. */
async function readCompareRequests(
  d: ToolscopeDB,
  sessionId: string,
  ownIds: readonly string[],
): Promise<Omit<StepExchanges, 'own'>> {
  const [all, elsewhere] = await Promise.all([
    listSessionExchanges(d, sessionId),
    listRecentSessionRequests(d, sessionId),
  ]);
  const own = new Set(ownIds);
  // A model's answer of "Try on other models" is a model request too: the step's dialog compares with it.
  const isModel = (e: WireExchange) => e.owner.kind === 'model' || e.owner.kind === 'comparison';
  return { others: all.filter((e) => isModel(e) && !own.has(e.id)), elsewhere };
}

/** Both reads at once (the dialog makes them one after the other: its own attempts show first). */
export async function readStepExchanges(d: ToolscopeDB, sessionId: string, messageId: string): Promise<StepExchanges> {
  const own = await readStepAttempts(d, messageId);
  return {
    own,
    ...(await readCompareRequests(
      d,
      sessionId,
      own.map((e) => e.id),
    )),
  };
}

/** `readStepAttempts` kept current; undefined while it loads. */
export function useStepAttempts(messageId: string): WireExchange[] | undefined {
  return useLiveQuery(() => readStepAttempts(db, messageId), [messageId]);
}

/**
 * `readCompareRequests` kept current, read only once the step's own attempts are (`ownIds` null until then): other
 * sessions' requests can be many megabytes, and the dialog must not wait for them (docs/wire-capture.md).
 */
export function useCompareRequests(
  sessionId: string,
  ownIds: readonly string[] | null,
): Omit<StepExchanges, 'own'> | undefined {
  const key = ownIds === null ? null : ownIds.join(' ');
  return useLiveQuery(
    () => (key === null ? undefined : readCompareRequests(db, sessionId, key === '' ? [] : key.split(' '))),
    [sessionId, key],
  );
}
