import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { listMessageExchanges, listSessionExchanges } from '../../../db/wire-exchanges-repo';
import type { WireExchange } from '../../../domain/wire-exchange';

/**
 * What a model step sent and got back (docs/wire-capture.md): the exchanges of the step's message, and the session's
 * other model requests to compare with; undefined while they load.
 */
export function useStepExchanges(
  sessionId: string,
  messageId: string,
): { own: WireExchange[]; others: WireExchange[] } | undefined {
  return useLiveQuery(async () => {
    const [own, all] = await Promise.all([listMessageExchanges(db, messageId), listSessionExchanges(db, sessionId)]);
    const others = all.filter((e) => e.owner.kind === 'model' && e.owner.messageId !== messageId);
    return { own, others };
  }, [sessionId, messageId]);
}
