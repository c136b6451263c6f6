/**
 * Late tool results (architecture.md, "MCP Tasks"): a call whose run a reload cut keeps its stored interrupted
 * result, written once and never rewritten; a result that arrives later for it (an MCP task that went on) is kept
 * beside the conversation and applied here, when the history for the next request is built. The call still has
 * exactly one result (invariant 1): the interrupted one is read as the late one. A result that is not "interrupted"
 * is the call's own and is never replaced.
 */
import type { ChatMessage } from './messages';

type LateToolResult = { content: string; isError: boolean };

export function withLateToolResults(
  history: readonly ChatMessage[],
  late: ReadonlyMap<string, LateToolResult>,
): ChatMessage[] {
  if (late.size === 0) return [...history];
  return history.map((m) => {
    if (m.role !== 'tool' || m.outcome !== 'interrupted') return m;
    const result = late.get(m.toolCallId);
    return result === undefined
      ? m
      : { ...m, content: result.content, isError: result.isError, outcome: result.isError ? 'error' : 'ok' };
  });
}

/** The late results among a session's task rows, by call id (rows without one are left out). */
export function lateResultsOf(
  tasks: ReadonlyArray<{ callId: string; lateResult?: LateToolResult | undefined }>,
): Map<string, LateToolResult> {
  const late = new Map<string, LateToolResult>();
  for (const t of tasks)
    if (t.lateResult !== undefined)
      late.set(t.callId, { content: t.lateResult.content, isError: t.lateResult.isError });
  return late;
}
