/** architecture.md, invariant 1, checked on stored messages and on the messages a request sent to the model. */
import type { ChatRequest } from '../server/mock-server';

/** The stored (or sent) message list breaks architecture.md, invariant 1: returns the problems, empty when valid. */
export function historyProblems(
  messages: Array<{ role?: unknown; toolCalls?: unknown; toolCallId?: unknown }>,
): string[] {
  const problems: string[] = [];
  let open: string[] | null = null;
  const seen = new Map<string, number>();
  messages.forEach((m, i) => {
    if (m.role === 'tool') {
      const id = String(m.toolCallId);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      if (!open || !open.includes(id)) problems.push(`#${i}: tool result for ${id} with no open call`);
      else open = open.filter((x) => x !== id);
      return;
    }
    if (open && open.length) problems.push(`#${i}: ${String(m.role)} message before results for ${open.join(', ')}`);
    open = null;
    const calls = Array.isArray(m.toolCalls) ? (m.toolCalls as Array<{ id: string }>) : [];
    if (m.role === 'assistant' && calls.length) open = calls.map((c) => c.id);
  });
  if (open && (open as string[]).length) problems.push(`end: no results for ${(open as string[]).join(', ')}`);
  for (const [id, n] of seen) if (n !== 1) problems.push(`${n} results for call ${id}`);
  return problems;
}

type WireMessage = { role?: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string };

/** The chat request's messages in the stored shape historyProblems reads. */
export function wireHistory(
  req: ChatRequest,
): Array<{ role: string; content: string; toolCalls: Array<{ id: string }>; toolCallId?: string }> {
  const msgs = (req.body.messages ?? []) as WireMessage[];
  return msgs.map((m) => ({
    role: m.role ?? '',
    content: typeof m.content === 'string' ? m.content : m.content == null ? '' : JSON.stringify(m.content),
    toolCalls: Array.isArray(m.tool_calls) ? (m.tool_calls as Array<{ id: string }>) : [],
    ...(m.tool_call_id !== undefined ? { toolCallId: m.tool_call_id } : {}),
  }));
}
