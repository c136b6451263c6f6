import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { LoopConfig } from './config';
import type { ChatMessage } from './messages';
import type { ModelRequest } from './model-client';
import type { ToolSpec } from './tool-executor';

/** History as Chat Completions messages. The system prompt exists on the wire only. */
export function toWireMessages(history: readonly ChatMessage[], systemPrompt?: string): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  if (systemPrompt) out.push({ role: 'system', content: systemPrompt });
  for (const m of history) {
    switch (m.role) {
      case 'system':
      case 'user':
        out.push({ role: m.role, content: m.content });
        break;
      case 'assistant': {
        // A refusal is sent back as text: OpenAI-compatible servers do not all accept `refusal`.
        const content = m.content !== '' ? m.content : m.refusal ?? '';
        // Providers reject an assistant message with neither content nor tool calls.
        if (content === '' && m.toolCalls.length === 0) break;
        out.push({
          role: 'assistant',
          content: content === '' ? null : content,
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

export function toWireTools(specs: readonly ToolSpec[]): ChatCompletionTool[] {
  return specs.map((s) => ({ type: 'function', function: { name: s.name, description: s.description, parameters: s.parameters } }));
}

export function buildRequest(config: LoopConfig, messages: ChatCompletionMessageParam[], tools: ChatCompletionTool[]): ModelRequest {
  return {
    model: config.model,
    messages,
    stream: true,
    stream_options: { include_usage: true },
    // Some providers reject an empty tools array.
    ...(tools.length > 0 ? { tools } : {}),
    ...(config.temperature !== null ? { temperature: config.temperature } : {}),
  };
}
