import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ChatMessage } from '../../domain/messages';
import { toWireMessages } from '../../agent/to-wire';

/**
 * One session's history as plain Chat Completions messages, for use with other tools. Reasoning, status
 * and ids other than tool call ids are Toolscope's own and are left out; a partial still streaming is skipped.
 * The session's system prompt comes first unless the history already starts with a system message.
 */
export function toOpenAIMessages(history: readonly ChatMessage[], systemPrompt?: string): ChatCompletionMessageParam[] {
  const prompt = history[0]?.role === 'system' ? undefined : systemPrompt;
  return toWireMessages(history, prompt, 'export');
}
