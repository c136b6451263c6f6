import { NOT_RECORDED_RESULT, repairHistory } from '../../db/recover';
import type { MessageRecord, RunRecord, ToolCallRecord } from '../../db/records';

/**
 * A trace can name a tool call that nothing answers: its agent stopped (or crashed) with the call pending, or the
 * exporter dropped the tool span and no later request carried the result. Such a call is answered the way recovery
 * answers a run cut mid-call (db/recover.ts: outcome 'interrupted', isError), with a text saying the trace recorded no
 * result, so the history is valid (architecture.md, invariant 1) and the chat shows the call as interrupted, not as
 * a success. `messages`: one session's, in conversation order. Returns them with the answers in place and a
 * tool call row for each.
 */
export function answerUnrecordedCalls(
  messages: readonly MessageRecord[],
  runs: readonly RunRecord[],
  newId: () => string,
): { messages: MessageRecord[]; toolCalls: ToolCallRecord[] } {
  const { messages: added } = repairHistory([...messages], 0, newId, new Map(), NOT_RECORDED_RESULT);
  if (added.length === 0) return { messages: [...messages], toolCalls: [] };
  const endOf = new Map(runs.map((r) => [r.id, r.finishedAt ?? r.startedAt]));
  const toolCalls: ToolCallRecord[] = [];
  const newestFirst = [...messages].reverse();
  const answers = added.map((m) => {
    if (m.role !== 'tool') return m;
    // Said where its run ended: the trace has no time for a result it never recorded.
    const at = endOf.get(m.runId) ?? 0;
    const asked = newestFirst.find(
      (a) => a.role === 'assistant' && a.order < m.order && a.toolCalls.some((c) => c.id === m.toolCallId),
    );
    const call = asked?.role === 'assistant' ? asked.toolCalls.find((c) => c.id === m.toolCallId) : undefined;
    if (asked && call) {
      toolCalls.push({
        id: call.id,
        sessionId: m.sessionId,
        runId: m.runId,
        turn: m.turn,
        messageId: asked.id,
        name: call.name,
        arguments: call.arguments,
        validation: null,
        validationErrors: [],
        result: m.content,
        isError: true,
        status: 'interrupted',
        startedAt: null,
        finishedAt: null,
        durationMs: null,
        logs: [],
      });
    }
    return { ...m, createdAt: at };
  });
  return { messages: [...messages, ...answers].sort((a, b) => a.order - b.order), toolCalls };
}
