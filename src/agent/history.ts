import type { ChatMessage } from '../domain/messages';

/**
 * Invariant 1: every assistant message with tool calls is followed by exactly one tool result per
 * call id before the next assistant or user message, and no tool result answers a call that was
 * not asked for. Returns the problems found; an empty list means the history is valid.
 */
export function validateHistory(messages: readonly ChatMessage[]): string[] {
  const problems: string[] = [];
  let open: { at: number; pending: Map<string, number> } | null = null;

  const close = (reason: string) => {
    if (!open) return;
    for (const [id, count] of open.pending) {
      if (count === 0) problems.push(`tool call ${id} of message #${open.at} has no result before ${reason}`);
    }
    open = null;
  };

  messages.forEach((m, i) => {
    if (m.role === 'user') close(`message #${i} (user)`);
    else if (m.role === 'assistant') {
      close(`message #${i} (assistant)`);
      if (m.toolCalls.length === 0) return;
      const pending = new Map<string, number>();
      for (const call of m.toolCalls) {
        if (call.id === '') problems.push(`message #${i} has a tool call without an id`);
        else if (pending.has(call.id)) problems.push(`message #${i} repeats tool call id ${call.id}`);
        else pending.set(call.id, 0);
      }
      open = { at: i, pending };
    } else if (m.role === 'tool') {
      const count = open?.pending.get(m.toolCallId);
      if (open === null || count === undefined) problems.push(`tool result #${i} answers ${m.toolCallId}, which no open assistant message asked for`);
      else if (count > 0) problems.push(`tool call ${m.toolCallId} is answered more than once (message #${i})`);
      else open.pending.set(m.toolCallId, 1);
    }
  });
  close('the end of the history');
  return problems;
}
