import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { listToolCallExchanges } from '../../../db/wire-exchanges-repo';
import type { WireExchange } from '../../../domain/wire-exchange';

/** What an HTTP tool call sent and got back (docs/wire-capture.md, "Tools"), oldest first; undefined while loading. */
export function useToolCallExchanges(sessionId: string, callId: string): WireExchange[] | undefined {
  // A failed read shows no button rather than throwing into the chat's render (useLiveQuery rethrows).
  return useLiveQuery(() => listToolCallExchanges(db, sessionId, callId).catch(() => []), [sessionId, callId]);
}
