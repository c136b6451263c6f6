import type { ChatMessage } from '../agent/messages';
import type { ToolSpec } from '../agent/tool-executor';

/** Counts tokens in a piece of text. The heuristic one is the fallback for every model. */
export type TokenCounter = (text: string) => number;

/** About four characters a token (seed 003). */
export const heuristicCounter: TokenCounter = (text) => Math.ceil(text.length / 4);

/** Role and framing cost per message: 16 characters in seed 003's heuristic. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

export type PromptParts = { system: string; messages: readonly ChatMessage[]; tools: readonly ToolSpec[] };

function messageText(m: ChatMessage): string {
  switch (m.role) {
    case 'assistant':
      return m.content + m.toolCalls.map((c) => c.name + c.arguments).join('');
    default:
      return m.content;
  }
}

export function estimatePromptTokens(parts: PromptParts, count: TokenCounter = heuristicCounter): number {
  let total = parts.system ? count(parts.system) + MESSAGE_OVERHEAD_TOKENS : 0;
  for (const m of parts.messages) total += count(messageText(m)) + MESSAGE_OVERHEAD_TOKENS;
  if (parts.tools.length > 0) total += count(JSON.stringify(parts.tools));
  return total;
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
export function openAIEncodingFor(model: string): 'o200k_base' | 'cl100k_base' | null {
  const name = model.toLowerCase().split('/').pop() ?? '';
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4|gpt-oss)/.test(name)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5)/.test(name)) return 'cl100k_base';
  return null;
}

/** Loads the real tokenizer on first use (it is large, so never in the initial bundle). */
export async function loadTokenCounter(model: string): Promise<{ count: TokenCounter; exact: boolean }> {
  const encoding = openAIEncodingFor(model);
  try {
    if (encoding === 'o200k_base') {
      const mod = await import('gpt-tokenizer/encoding/o200k_base');
      return { count: (t) => mod.countTokens(t), exact: true };
    }
    if (encoding === 'cl100k_base') {
      const mod = await import('gpt-tokenizer/encoding/cl100k_base');
      return { count: (t) => mod.countTokens(t), exact: true };
    }
  } catch {
    // A failed chunk load (offline, CSP) must not stop the run: the heuristic still works.
  }
  return { count: heuristicCounter, exact: false };
}

/**
 * Remembers counts by text. The meter re-counts the whole history each time a message is stored;
 * a real tokenizer over thousands of unchanged messages would be a long main-thread task.
 */
export function memoizeCounter(count: TokenCounter, maxEntries = 20_000): TokenCounter {
  const cache = new Map<string, number>();
  return (text) => {
    const hit = cache.get(text);
    if (hit !== undefined) return hit;
    const n = count(text);
    // Dropping everything at the bound keeps this simple; the next read refills what is still in use.
    if (cache.size >= maxEntries) cache.clear();
    cache.set(text, n);
    return n;
  };
}
