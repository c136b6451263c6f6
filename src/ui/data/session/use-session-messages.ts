import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { db } from '../../../db/database';
import type { MessageRecord } from '../../../db/records';
import { SessionMessagesCache } from './session-messages-cache';

/**
 * The session's stored messages in conversation order, live across tabs; undefined until the first read.
 * Re-read on every persister write (about once a second while streaming): only new or changing rows are fetched.
 */
export function useSessionMessages(sessionId: string): MessageRecord[] | undefined {
  const cache = useMemo(() => new SessionMessagesCache(db, sessionId), [sessionId]);
  // A long session opens tail first (see SessionMessagesCache); the older messages follow right after.
  const [filled, setFilled] = useState(0);
  const stored = useLiveQuery(() => cache.read(), [cache, filled]);
  useEffect(() => {
    if (stored === undefined || cache.earlierCount === 0) return;
    let live = true;
    void cache.loadEarlier().then(() => {
      if (live) setFilled((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [cache, stored]);
  return stored;
}
