import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Usage } from '../domain/messages';
import type { AccumulatedTurn } from './accumulator';
import { CHARS_PER_TOKEN, MESSAGE_OVERHEAD_TOKENS } from '../domain/token-heuristic';

// The fallback when a provider reports no usage: the token heuristic on what was sent and what came back.

function messageChars(m: ChatCompletionMessageParam): number {
  let chars = 0;
  if (typeof m.content === 'string') chars += m.content.length;
  else if (Array.isArray(m.content)) for (const part of m.content) if ('text' in part) chars += part.text.length;
  if (m.role === 'assistant' && m.tool_calls) {
    for (const c of m.tool_calls)
      if (c.type === 'function') chars += c.function.name.length + c.function.arguments.length;
  }
  return chars;
}

/** Usage for one request, estimated from what was sent and what came back. */
export function estimateUsage(
  messages: readonly ChatCompletionMessageParam[],
  toolsJsonChars: number,
  turn: AccumulatedTurn,
): Usage {
  let promptTokens = Math.ceil(toolsJsonChars / CHARS_PER_TOKEN);
  for (const m of messages) promptTokens += MESSAGE_OVERHEAD_TOKENS + Math.ceil(messageChars(m) / CHARS_PER_TOKEN);
  let outChars = turn.text.length + turn.reasoning.length + (turn.refusal?.length ?? 0);
  for (const c of turn.toolCalls) outChars += c.name.length + c.arguments.length;
  const completionTokens = MESSAGE_OVERHEAD_TOKENS + Math.ceil(outChars / CHARS_PER_TOKEN);
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, estimated: true };
}
