import type { ChatMessage } from '../domain/messages';

export type HistoryProblem = {
  /** Index into the message list given. */
  index: number;
  problem: string;
  /** True when the only problem is calls still unanswered at the end (a run that was cut off). */
  atEnd: boolean;
};

/**
 * Invariant 1: each assistant message with tool calls is followed by exactly one tool result per call
 * id before the next assistant or user message, and every tool result answers such a call.
 * `messages` must be in conversation order.
 */
export function findHistoryProblem(messages: readonly ChatMessage[]): HistoryProblem | null {
  let open: Map<string, number> | null = null;
  let openedAt = -1;
  const unanswered = (index: number): HistoryProblem | null => {
    if (!open || open.size === 0) return null;
    const ids = [...open.keys()].map((id) => JSON.stringify(id)).join(', ');
    return { index: openedAt, problem: `tool call ${ids} has no tool result`, atEnd: index === messages.length };
  };
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role === 'tool') {
      if (!open || !open.has(m.toolCallId)) {
        return { index: i, problem: `tool result for ${JSON.stringify(m.toolCallId)} answers no open tool call (orphan or duplicate)`, atEnd: false };
      }
      open.delete(m.toolCallId);
      continue;
    }
    if (m.role === 'system') continue;
    const gap = unanswered(i);
    if (gap) return gap;
    open = null;
    if (m.role === 'assistant' && m.toolCalls.length > 0) {
      open = new Map();
      for (const call of m.toolCalls) {
        if (open.has(call.id)) return { index: i, problem: `tool call id ${JSON.stringify(call.id)} appears twice in one message`, atEnd: false };
        open.set(call.id, i);
      }
      openedAt = i;
    }
  }
  return unanswered(messages.length);
}
