import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { listComparisonExchanges, listSessionExchanges } from '../../../db/wire-exchanges-repo';
import type { WireExchange } from '../../../domain/wire-exchange';

/** What one answer of "Try on other models" sent and got back (docs/wire-capture.md), oldest first; undefined while loading. */
export function useAnswerExchanges(sessionId: string, comparisonId: string, index: number): WireExchange[] | undefined {
  return useLiveQuery(
    // A failed read shows no button rather than throwing into the chat's render (useLiveQuery rethrows).
    () => listComparisonExchanges(db, sessionId, comparisonId, index).catch(() => []),
    [sessionId, comparisonId, index],
  );
}

/** What an answer compares with: the step's own request (`messageId`), then the comparison's other answers'. */
export function useAnswerCompareRequests(
  sessionId: string,
  comparisonId: string,
  index: number,
  messageId: string,
): { original: WireExchange[]; answers: WireExchange[] } | undefined {
  return useLiveQuery(async () => {
    const all = await listSessionExchanges(db, sessionId);
    return {
      original: all.filter((e) => e.owner.kind === 'model' && e.owner.messageId === messageId),
      answers: all.filter(
        (e) => e.owner.kind === 'comparison' && e.owner.comparisonId === comparisonId && e.owner.index !== index,
      ),
    };
  }, [sessionId, comparisonId, index, messageId]);
}
