import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ChatMessage } from '../agent/messages';

/**
 * One session's history as plain Chat Completions messages, for use with other tools. Reasoning, status
 * and ids other than tool call ids are Toolscope's own and are left out; a partial still streaming is skipped.
 * The session's system prompt comes first unless the history already starts with a system message.
 */
export function toOpenAIMessages(history: readonly ChatMessage[], systemPrompt?: string): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  if (systemPrompt && history[0]?.role !== 'system') out.push({ role: 'system', content: systemPrompt });
  for (const m of history) {
    switch (m.role) {
      case 'system':
      case 'user':
        out.push({ role: m.role, content: m.content });
        break;
      case 'assistant': {
        if (m.status === 'streaming') break;
        out.push({
          role: 'assistant',
          content: m.content === '' && m.toolCalls.length > 0 ? null : m.content,
          ...(m.refusal !== null ? { refusal: m.refusal } : {}),
          ...(m.toolCalls.length > 0
            ? { tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })) }
            : {}),
        });
        break;
      }
      case 'tool':
        out.push({ role: 'tool', tool_call_id: m.toolCallId, content: m.content });
        break;
    }
  }
  return out;
}
