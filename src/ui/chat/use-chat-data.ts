import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/database';
import { listMessages } from '../../db/messages-repo';
import type { ToolCallRecord } from '../../db/records';
import { useRunStore } from '../../store/run-store';
import { buildChatModel } from './chat-rows';
import { collapseCompacted } from '../context/collapse-compacted';

const EMPTY: never[] = [];

/** The session as IndexedDB has it (live, so another tab's run shows too) joined with this tab's run. */
export function useChatData(sessionId: string) {
  const session = useLiveQuery(() => db.sessions.get(sessionId), [sessionId]);
  const stored = useLiveQuery(() => listMessages(db, sessionId), [sessionId]);
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
