import type { ChatMessage } from './messages';

/** One way a history breaks architecture.md, invariant 1; `index` points into the message list given. */
type HistoryProblem = {
  index: number;
  /** In words, for an import failure or a test message. */
  problem: string;
  /** True for calls still unanswered at the very end (a run that was cut off); always the last problem. */
  atEnd: boolean;
} /** The assistant message at `index` asked for these calls; nothing answered them before message `before`. */ & (
  | { kind: 'unanswered'; callIds: string[]; before: number }
  /** The tool result at `index` answers no open call: an orphan, or a second answer. */
  | { kind: 'orphan_result'; callId: string }
  /** The assistant message at `index` gives two of its calls this id. */
  | { kind: 'repeated_call_id'; callId: string }
  /** The assistant message at `index` has a call without an id, which no result can answer. */
  | { kind: 'missing_call_id' }
);

const quote = (id: string) => JSON.stringify(id);

/**
 * architecture.md, invariant 1: an assistant message with tool calls is followed by exactly one tool result per
 * call id before the next assistant or user message (system messages do not end a group), and every tool result
 * answers such a call. `messages` must be in conversation order. Returns every problem in the order found; an
 * empty list means the history is valid. The loop's tests, crash recovery and import all check with this.
 */
export function findHistoryProblems(messages: readonly ChatMessage[]): HistoryProblem[] {
  const problems: HistoryProblem[] = [];
  let open: { at: number; pending: string[] } | null = null;
  const close = (before: number) => {
    if (open && open.pending.length > 0) {
      const callIds = open.pending;
      problems.push({
        kind: 'unanswered',
        index: open.at,
        callIds,
        before,
        atEnd: before === messages.length,
        problem: `tool call ${callIds.map(quote).join(', ')} has no tool result`,
      });
    }
    open = null;
  };
  messages.forEach((m, i) => {
    if (m.role === 'system') return;
    if (m.role === 'tool') {
      const at: number = open?.pending.indexOf(m.toolCallId) ?? -1;
      if (open && at >= 0) open.pending.splice(at, 1);
      else {
        problems.push({
          kind: 'orphan_result',
          index: i,
          callId: m.toolCallId,
          atEnd: false,
          problem: `tool result for ${quote(m.toolCallId)} answers no open tool call (orphan or duplicate)`,
        });
      }
      return;
    }
    close(i);
    if (m.role !== 'assistant' || m.toolCalls.length === 0) return;
    const pending: string[] = [];
    for (const call of m.toolCalls) {
      if (call.id === '')
        problems.push({ kind: 'missing_call_id', index: i, atEnd: false, problem: 'a tool call has no id' });
      else if (pending.includes(call.id)) {
        problems.push({
          kind: 'repeated_call_id',
          index: i,
          callId: call.id,
          atEnd: false,
          problem: `tool call id ${quote(call.id)} appears twice in one message`,
        });
      } else pending.push(call.id);
    }
    open = { at: i, pending };
  });
  close(messages.length);
  return problems;
}
