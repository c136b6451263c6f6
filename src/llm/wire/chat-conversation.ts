import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Conversation, ModelRequest } from '../../agent/model-client';
import type { ChatMessage } from '../../domain/messages';

/**
 * The conversation a request of another wire format is built from: the run's own (the history as the domain holds
 * it), or, for a one-off request that has none (a compaction summary), its Chat messages' system and user text.
 */
export function conversationOf(request: ModelRequest, given: Conversation | undefined): Conversation {
  if (given) return given;
  const messages: ChatMessage[] = [];
  request.messages.forEach((m, i) => {
    const content = textOf(m);
    if (content === null) return;
    const id = `request-${i}`;
    if (m.role === 'system' || m.role === 'developer') messages.push({ id, createdAt: 0, role: 'system', content });
    else if (m.role === 'user') messages.push({ id, createdAt: 0, role: 'user', content });
  });
  return { messages, tools: [] };
}

function textOf(m: ChatCompletionMessageParam): string | null {
  const c = m.content;
  if (typeof c === 'string') return c;
  if (!Array.isArray(c)) return null;
  return c.map((p) => (p.type === 'text' ? p.text : '')).join('');
}
