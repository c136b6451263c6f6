import OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';

type SseEvent = { event: string | null; data: string };

/** Splits a complete SSE body into events (comments dropped), independently of the SDK's parser. */
export function parseSse(body: string): SseEvent[] {
  const out: SseEvent[] = [];
  for (const block of body.split(/\r?\n\r?\n/)) {
    if (!block.trim()) continue;
    let event: string | null = null;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(':')) continue;
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length > 0 || event) out.push({ event, data: data.join('\n') });
  }
  return out;
}

export function sdk(baseURL: string, apiKey = 'sk-test-key', maxRetries = 0): OpenAI {
  return new OpenAI({ baseURL, apiKey, maxRetries });
}

export async function collect(stream: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletionChunk[]> {
  const out: ChatCompletionChunk[] = [];
  for await (const c of stream) out.push(c);
  return out;
}

/** Text and tool calls assembled the simple way (chunks from this server carry id and name on the first fragment). */
export function assemble(chunks: ChatCompletionChunk[]): {
  text: string;
  reasoning: string;
  calls: Array<{ id: string; name: string; arguments: string }>;
  finish: string | null;
} {
  let text = '';
  let reasoning = '';
  let finish: string | null = null;
  const calls: Array<{ id: string; name: string; arguments: string }> = [];
  for (const c of chunks) {
    for (const choice of c.choices) {
      const d = choice.delta as ChatCompletionChunk.Choice.Delta & { reasoning_content?: string };
      text += d.content ?? '';
      reasoning += d.reasoning_content ?? '';
      for (const t of d.tool_calls ?? []) {
        const call = (calls[t.index] ??= { id: '', name: '', arguments: '' });
        if (t.id) call.id = t.id;
        if (t.function?.name) call.name = t.function.name;
        call.arguments += t.function?.arguments ?? '';
      }
      if (choice.finish_reason) finish = choice.finish_reason;
    }
  }
  return { text, reasoning, calls, finish };
}

export const chatBody = (content: string, extra: Record<string, unknown> = {}) => ({
  model: 'mock-gpt',
  messages: [{ role: 'user' as const, content }],
  ...extra,
});

export async function postChat(url: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test-key' },
    body: JSON.stringify(body),
    ...init,
  });
}
