import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { readPriceOverrides } from '../../../db/prices-repo';
import { getSession } from '../../../db/sessions-repo';
import { priceOf, type ModelPrice } from '../../../domain/model-prices';

/** The price of the session's model (the person's own over the table); null: not known; undefined: not read yet. */
export function useSessionPrice(sessionId: string): ModelPrice | null | undefined {
  return useLiveQuery(async () => {
    const [session, prices] = await Promise.all([getSession(db, sessionId), readPriceOverrides(db)]);
    return session ? priceOf(session.model, prices) : null;
  }, [sessionId]);
}
