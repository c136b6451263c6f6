import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { listToolCallExchanges } from '../../../db/wire-exchanges-repo';
import type { WireExchange } from '../../../domain/wire-exchange';

/** What an HTTP tool call sent and got back (docs/wire-capture.md, "Tools"), oldest first; undefined while loading. */
export function useToolCallExchanges(sessionId: string, callId: string): WireExchange[] | undefined {
  return useLiveQuery(() => listToolCallExchanges(db, sessionId, callId), [sessionId, callId]);
}
