import type { ChatMessage } from '../../domain/messages';
import type { ToolSpec } from '../../agent/tool-executor';
import { MESSAGE_OVERHEAD_TOKENS } from '../../domain/token-heuristic';
import { heuristicCounter, type Encoding, type TokenCount, type TokenCounter } from './token-count';

export type PromptParts = { system: string; messages: readonly ChatMessage[]; tools: readonly ToolSpec[] };

/** The text of a message the counters count (an assistant's tool calls by name and arguments; images are not counted). */
export function countedMessageText(m: ChatMessage): string {
  switch (m.role) {
    case 'assistant':
      return m.toolCalls.length === 0 ? m.content : m.content + m.toolCalls.map((c) => c.name + c.arguments).join('');
    default:
      return m.content;
  }
}

/** The texts estimatePromptTokens counts, to have them counted (prepared) first. */
export function promptTexts(parts: PromptParts): string[] {
  const texts = parts.messages.map(countedMessageText);
  if (parts.system) texts.push(parts.system);
  if (parts.tools.length > 0) texts.push(JSON.stringify(parts.tools));
  return texts;
}

/** The prompt's size; exact only when every part was counted by the model's tokenizer. */
export function estimatePromptTokens(parts: PromptParts, counter: TokenCounter = heuristicCounter): TokenCount {
  let tokens = 0;
  let exact = true;
  const add = (c: TokenCount, overhead: number) => {
    tokens += c.tokens + overhead;
    exact &&= c.exact;
  };
  if (parts.system) add(counter.count(parts.system), MESSAGE_OVERHEAD_TOKENS);
  for (const m of parts.messages) add(counter.count(countedMessageText(m)), MESSAGE_OVERHEAD_TOKENS);
  if (parts.tools.length > 0) add(counter.count(JSON.stringify(parts.tools)), 0);
  return { tokens, exact };
}

/**
 * The ratio between what the provider reported and what we estimated for the same prompt.
 * Clamped so one odd report cannot make the budget absurd.
 */
export function calibrationFrom(estimated: number, reported: number): number {
  if (estimated <= 0 || reported <= 0) return 1;
  return Math.min(3, Math.max(0.5, reported / estimated));
}

/** OpenAI model families and the encoding they use; other providers keep the heuristic. */
export function openAIEncodingFor(model: string): Encoding | null {
  const name = model.toLowerCase().split('/').pop() ?? '';
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4|gpt-oss)/.test(name)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5)/.test(name)) return 'cl100k_base';
  return null;
}
