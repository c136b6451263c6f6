import { useEffect, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/database';
import { SessionMessagesCache } from './session-messages-cache';
import type { ToolCallRecord } from '../../db/records';
import { useRunStore } from '../../store/run-store';
import { buildChatModel } from './chat-rows';
import { collapseCompacted } from '../context/collapse-compacted';

const EMPTY: never[] = [];

/** The session as IndexedDB has it (live, so another tab's run shows too) joined with this tab's run. */
export function useChatData(sessionId: string) {
  const session = useLiveQuery(() => db.sessions.get(sessionId), [sessionId]);
  // Re-read on every persister write (about once a second while streaming): only new or changing rows are fetched.
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
  const toolCalls = useLiveQuery(() => db.toolCalls.where('sessionId').equals(sessionId).toArray(), [sessionId]);
  const appended = useRunStore((s) => s.runs[sessionId]?.appended ?? EMPTY);
  const streamingId = useRunStore((s) => s.runs[sessionId]?.streaming?.messageId ?? null);

  const model = useMemo(() => {
    const built = buildChatModel(stored ?? EMPTY, appended, streamingId);
    return { ...built, rows: collapseCompacted(built.rows) };
  }, [stored, appended, streamingId]);
  const toolRecords = useMemo(() => new Map<string, ToolCallRecord>((toolCalls ?? EMPTY).map((t) => [t.id, t])), [toolCalls]);
  return { session, loading: stored === undefined, ...model, toolRecords };
}
