import { recordedCallsFromHistory } from '../agent/recorded-results';
import type { FrozenRequest, FrozenTool, RecordedToolResult } from '../domain/eval-case';
import type { ChatMessage, ToolCall } from '../domain/messages';
import type { RecordedStep } from '../domain/sent-step';
import { requestView } from '../domain/request-view';
import { isRecord } from '../domain/is-record';

/** What saving a step as a case freezes, and what the dialog offers to check. */
export type FrozenStep = {
  request: FrozenRequest;
  recorded: RecordedToolResult[];
  /** The step's own tool calls and answer: the dialog's starting choices. */
  stepCalls: ToolCall[];
  stepAnswer: string;
};

export class StepNotFoundError extends Error {
  readonly kind = 'step_not_found';
  constructor() {
    super(
      'This reply is no longer in the conversation shown (another branch, or deleted). Open it again, then save it.',
    );
    this.name = 'StepNotFoundError';
  }
}

/** A message as a case keeps it: the parts a Chat Completions request carries, nothing provider-specific. */
function frozenMessage(m: ChatMessage): ChatMessage {
  switch (m.role) {
    case 'system':
      return {
        id: m.id,
        createdAt: m.createdAt,
        role: 'system',
        content: m.content,
        ...(m.summaryOf ? { summaryOf: m.summaryOf } : {}),
      };
    case 'user':
      return { id: m.id, createdAt: m.createdAt, role: 'user', content: m.content };
    case 'assistant':
      return {
        id: m.id,
        createdAt: m.createdAt,
        role: 'assistant',
        content: m.content,
        reasoning: m.reasoning,
        refusal: m.refusal,
        toolCalls: m.toolCalls,
        status: m.status,
        runId: m.runId,
        turn: m.turn,
      };
    case 'tool':
      return {
        id: m.id,
        createdAt: m.createdAt,
        role: 'tool',
        toolCallId: m.toolCallId,
        name: m.name,
        content: m.content,
        isError: m.isError,
        outcome: m.outcome,
        runId: m.runId,
        turn: m.turn,
      };
  }
}

/**
 * Freezes a recorded step (architecture.md, "Test cases and suites"; the step as db/recorded-step.ts reads it): the
 * history before it as the request carried it (summaries standing in for what they cover), its model, the system
 * prompt it sends again (`stepSend`, context/step-send.ts), the tools and parameters; and every recorded tool result of the path, answered by tool and
 * canonical arguments when run.
 */
export function freezeStep(
  step: Pick<RecordedStep, 'path' | 'messageId' | 'model' | 'parameters'> & { systemPrompt: string | undefined },
  tools: readonly FrozenTool[],
): FrozenStep {
  const at = step.path.findIndex((m) => m.id === step.messageId);
  const answer = step.path[at];
  if (at < 0 || answer?.role !== 'assistant') throw new StepNotFoundError();
  const recorded = recordedCallsFromHistory(step.path).map((c) => ({
    name: c.name,
    arguments: c.arguments,
    result: c.content,
    isError: c.isError,
  }));
  const { temperature } = step.parameters;
  return {
    request: {
      model: step.model,
      ...(step.systemPrompt ? { systemPrompt: step.systemPrompt } : {}),
      messages: requestView(step.path.slice(0, at)).map(frozenMessage),
      tools: tools.map((t) => ({ name: t.name, description: t.description, parameters: t.parameters })),
      ...(typeof temperature === 'number' ? { temperature } : {}),
    },
    recorded,
    stepCalls: answer.toolCalls,
    stepAnswer: answer.content,
  };
}

/** A JSON Schema the step's own arguments fit: each top-level value held to what it was (the person edits it). */
export function schemaFromArguments(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value)) return { type: 'object' };
    const entries = Object.entries(value as Record<string, unknown>);
    return {
      type: 'object',
      properties: Object.fromEntries(entries.map(([k, v]) => [k, { const: v }])),
      required: entries.map(([k]) => k),
    };
  } catch {
    return { type: 'object' };
  }
}
