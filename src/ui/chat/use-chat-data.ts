import { useMemo } from 'react';
import type { ChatMessage } from '../../domain/messages';
import { chatRun, useRunStore } from '../../store/run/run-store';
import type { ToolCallRecord } from '../data/record-types';
import { useSession } from '../data/session/use-session';
import { useSessionMessages } from '../data/session/use-session-messages';
import { useSessionToolCalls } from '../data/session/use-session-tool-calls';
import { buildChatModel } from './chat-rows';
import { collapseCompacted } from '../context/collapse-compacted';

const EMPTY: never[] = [];

/** The conversation as it stood when a replayed run started: the stored path up to the run's first message. */
function beforeRun(stored: readonly ChatMessage[], runMessageIds: ReadonlySet<string>): readonly ChatMessage[] {
  const first = stored.findIndex((m) => runMessageIds.has(m.id));
  return first < 0 ? stored : stored.slice(0, first);
}

/** The session as IndexedDB has it (live, so another tab's run shows too) joined with this tab's run. */
export function useChatData(sessionId: string) {
  const session = useSession(sessionId);
  const stored = useSessionMessages(sessionId);
  const toolCalls = useSessionToolCalls(sessionId);
  const appended = useRunStore((s) => chatRun(s, sessionId)?.appended ?? EMPTY);
  const streamingId = useRunStore((s) => chatRun(s, sessionId)?.streaming?.messageId ?? null);
  const replayHides = useRunStore((s) => s.replays[sessionId]?.runMessageIds ?? null);

  const model = useMemo(() => {
    const built = buildChatModel(
      replayHides ? beforeRun(stored ?? EMPTY, replayHides) : (stored ?? EMPTY),
      appended,
      streamingId,
    );
    return { ...built, rows: collapseCompacted(built.rows) };
  }, [stored, appended, streamingId, replayHides]);
  // A replay shows each call as it stood then (from the replayed events), never its stored final row.
  const toolRecords = useMemo(
    () => new Map<string, ToolCallRecord>(replayHides ? [] : (toolCalls ?? EMPTY).map((t) => [t.id, t])),
    [toolCalls, replayHides],
  );
  return { session, loading: stored === undefined, ...model, toolRecords };
}
