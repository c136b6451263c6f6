/** Test-only: history messages with fixed timestamps, one of each role. */
import type { AssistantMessage, ToolCall, ToolMessage, UserMessage } from '../../domain/messages';

export const userMsg = (id: string, content: string, createdAt = 1): UserMessage => ({
  id,
  role: 'user',
  content,
  createdAt,
});

export const assistantMsg = (
  id: string,
  runId: string,
  turn: number,
  content: string,
  toolCalls: ToolCall[] = [],
): AssistantMessage => ({
  id,
  role: 'assistant',
  content,
  reasoning: '',
  refusal: null,
  toolCalls,
  status: 'complete',
  runId,
  turn,
  createdAt: 2,
});

export const toolMsg = (id: string, runId: string, turn: number, call: ToolCall, content: string): ToolMessage => ({
  id,
  role: 'tool',
  toolCallId: call.id,
  name: call.name,
  content,
  isError: false,
  outcome: 'ok',
  runId,
  turn,
  createdAt: 3,
});
