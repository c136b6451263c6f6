import type { AccumulatedTurn } from './accumulator';
import type { ContextHook } from './context-hook';
import type { LoopConfig } from '../domain/loop-config';
import { createEmitter, type LoopEmit } from './emitter';
import type { ErrorInfo } from '../domain/error-info';
import type { StopReason } from '../domain/stop-reason';
import {
  addUsage,
  zeroUsage,
  type AssistantMessage,
  type AssistantStatus,
  type ChatMessage,
  type ToolCall,
  type ToolMessage,
  type Usage,
} from '../domain/messages';
import { abortableSleep } from './retry';
import type { ToolCallResult } from './run-tools';
import type { ToolExecutor } from './tool-executor';
import type { LoopEventBody } from './events';
import { toolSetRecorder } from './offered-tool-set';
import { withEdit } from './pause';
import type { MessageEdit } from '../domain/breakpoints';
import type { RunInput, RunResult } from './run-input';

/** How the run ends; null: it goes on to the next turn. */
export type TurnEnd = { stop: StopReason; error?: ErrorInfo } | null;

/**
 * What one run of the loop carries from step to step (agent/loop.ts): the history it builds, its usage and the
 * defaults of its injected clocks and ids. The steps read and change it; nothing outside the run sees it.
 */
export type LoopState = {
  input: RunInput;
  config: LoopConfig;
  signal: AbortSignal;
  tools: ToolExecutor;
  systemPrompt: string | undefined;
  context: ContextHook | undefined;
  clock: () => number;
  now: () => number;
  newId: () => string;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  random: () => number;
  emit: LoopEmit;
  history: ChatMessage[];
  usage: Usage;
  /** How often each distinct call (tool + canonical arguments) came up in this run: the repeated-call guard's count. */
  seenCalls: Map<string, number>;
  recordToolSet: ReturnType<typeof toolSetRecorder>;
  /** What the person edited at this turn's pauses, kept on the turn's assistant message. */
  turnEdits: MessageEdit[];
};

const defaultId = () => globalThis.crypto.randomUUID();
const defaultClock = () => globalThis.performance.now();

export function openLoopState(input: RunInput): LoopState {
  const clock = input.clock ?? defaultClock;
  return {
    input,
    config: input.config,
    signal: input.signal,
    tools: input.tools,
    systemPrompt: input.systemPrompt,
    context: input.context,
    clock,
    now: input.now ?? Date.now,
    newId: input.newId ?? defaultId,
    sleep: input.sleep ?? abortableSleep,
    random: input.random ?? Math.random,
    emit: createEmitter<LoopEventBody>(input.runId, input.emit, clock).emit,
    history: input.history.slice(),
    usage: zeroUsage(),
    seenCalls: new Map(),
    recordToolSet: toolSetRecorder(),
    turnEdits: [],
  };
}

export function appendToHistory(s: LoopState, message: ChatMessage): void {
  s.history.push(message);
  s.emit({ type: 'message_appended', message });
}

export function finishRun(s: LoopState, stopReason: StopReason, error?: ErrorInfo): RunResult {
  s.emit({ type: 'run_finished', stopReason, usage: s.usage, ...(error ? { error } : {}) });
  return { stopReason, history: s.history, usage: s.usage, ...(error ? { error } : {}) };
}

export const hasOutput = (t: AccumulatedTurn) => t.text !== '' || t.reasoning !== '' || t.refusal !== null;

export function assistantMessage(
  s: LoopState,
  messageId: string,
  turn: number,
  t: AccumulatedTurn,
  toolCalls: ToolCall[],
  status: AssistantStatus,
): AssistantMessage {
  return withEdit<AssistantMessage>(
    {
      id: messageId,
      createdAt: s.now(),
      role: 'assistant',
      content: t.text,
      reasoning: t.reasoning,
      refusal: t.refusal,
      toolCalls,
      status,
      runId: s.input.runId,
      turn,
      ...(t.items && t.items.length > 0 ? { providerItems: t.items } : {}),
      ...(t.citations && t.citations.length > 0 ? { citations: t.citations } : {}),
      ...(t.responseId !== undefined ? { responseId: t.responseId } : {}),
      ...(t.wireParts ? { wireParts: t.wireParts } : {}),
    } satisfies AssistantMessage,
    s.turnEdits,
  );
}

export function toolMessage(s: LoopState, r: ToolCallResult, turn: number): ToolMessage {
  return {
    id: s.newId(),
    createdAt: s.now(),
    role: 'tool',
    toolCallId: r.call.id,
    name: r.call.name,
    content: r.content,
    isError: r.isError,
    outcome: r.outcome,
    runId: s.input.runId,
    turn,
    ...(r.images ? { images: r.images } : {}),
    ...(r.edits ? { edits: r.edits } : {}),
  };
}

export function appendResults(s: LoopState, results: ToolCallResult[], turn: number): void {
  for (const r of results) {
    // A tool's server had the page run model requests for it (legacy MCP sampling): billed to this run like any other.
    for (const x of r.sampling ?? []) s.usage = addUsage(s.usage, x.usage);
    appendToHistory(s, toolMessage(s, r, turn));
  }
}

/** Answers every call with the same error, announced like a finished tool, without running any. */
export function refuseAll(s: LoopState, calls: ToolCall[], turn: number, content: string): void {
  for (const call of calls) {
    s.emit({
      type: 'tool_finished',
      turn,
      callId: call.id,
      name: call.name,
      outcome: 'error',
      durationMs: 0,
      result: content,
      isError: true,
    });
  }
  appendResults(
    s,
    calls.map((call) => ({ call, content, isError: true, outcome: 'error' })),
    turn,
  );
}

/**
 * Answers every call of the last assistant message that has no result yet, in call order: with
 * the result the batch already reported (and announced) when there is one, else with an error
 * result announced here, so the event log and the history tell the same story.
 */
export function closeOpenCalls(s: LoopState, settled: ToolCallResult[]): void {
  const last = s.history.findLast((m) => m.role === 'assistant');
  if (!last || last.role !== 'assistant' || last.toolCalls.length === 0) return;
  const idx = s.history.lastIndexOf(last);
  const answered = new Set(s.history.slice(idx + 1).flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : [])));
  const known = new Map(settled.map((r) => [r.call.id, r]));
  const results = last.toolCalls
    .filter((c) => !answered.has(c.id))
    .map((call): ToolCallResult => {
      const reported = known.get(call.id);
      if (reported) return reported;
      const content = 'Not run: the agent loop stopped after an internal error.';
      s.emit({
        type: 'tool_finished',
        turn: last.turn,
        callId: call.id,
        name: call.name,
        outcome: 'error',
        durationMs: 0,
        result: content,
        isError: true,
      });
      return { call, content, isError: true, outcome: 'error' };
    });
  appendResults(s, results, last.turn);
}
