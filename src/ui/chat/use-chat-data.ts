import { useMemo } from 'react';
import { useRunStore } from '../../store/run/run-store';
import type { ToolCallRecord } from '../data/record-types';
import { useSession } from '../data/use-session';
import { useSessionMessages } from '../data/use-session-messages';
import { useSessionToolCalls } from '../data/use-session-tool-calls';
import { buildChatModel } from './chat-rows';
import { collapseCompacted } from '../context/collapse-compacted';

const EMPTY: never[] = [];

/** The session as IndexedDB has it (live, so another tab's run shows too) joined with this tab's run. */
export function useChatData(sessionId: string) {
  const session = useSession(sessionId);
  const stored = useSessionMessages(sessionId);
  const toolCalls = useSessionToolCalls(sessionId);
  const appended = useRunStore((s) => s.runs[sessionId]?.appended ?? EMPTY);
  const streamingId = useRunStore((s) => s.runs[sessionId]?.streaming?.messageId ?? null);

  const model = useMemo(() => {
    const built = buildChatModel(stored ?? EMPTY, appended, streamingId);
    return { ...built, rows: collapseCompacted(built.rows) };
  }, [stored, appended, streamingId]);
  const toolRecords = useMemo(() => new Map<string, ToolCallRecord>((toolCalls ?? EMPTY).map((t) => [t.id, t])), [toolCalls]);
  return { session, loading: stored === undefined, ...model, toolRecords };
}
