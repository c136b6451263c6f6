import type { AccumulatedTurn } from './accumulator';
import type { ContextHook } from './context-hook';
import type { LoopConfig } from '../domain/loop-config';
import type { ErrorInfo } from '../domain/error-info';
import type { LoopSink } from './events';
import type { StopReason } from '../domain/stop-reason';
import type { ChatMessage, MessageImage, Usage } from '../domain/messages';
import type { ModelClient } from './model-client';
import type { RequestLayers } from './request-layers';
import type { ApprovalGate, ToolExecutor } from './tool-executor';
import type { OfferedTool } from '../domain/offered-tools';
import type { PauseGate, StandingAnswer } from './pause';
import type { WireExchange } from '../domain/wire-exchange';

/** What a run of the agent loop (agent/loop.ts) is given and what it returns. */
export type RunInput = {
  runId: string;
  sessionId: string;
  /** The conversation so far; not mutated. */
  history: ChatMessage[];
  /** Appended before the first request. Absent: continue the history as it is (e.g. after a limit). */
  userMessage?: string;
  /** Images that go with `userMessage` (attached MCP resources). */
  userImages?: MessageImage[];
  config: LoopConfig;
  model: ModelClient;
  tools: ToolExecutor;
  approve?: ApprovalGate;
  /** Breakpoints (architecture.md, "Breakpoints"): asked before each request and around each tool call. */
  pause?: PauseGate;
  /** Results of calls of the first turn known already (a run resumed after a reload at a pause): not run again. */
  answered?: ReadonlyMap<string, StandingAnswer>;
  signal: AbortSignal;
  /**
   * Every event of the run, in order. An argument edit at a pause comes as `arguments_edited`, which the run's writer
   * resolves into stored history (architecture.md, "Breakpoints").
   */
  emit: LoopSink;
  /** Sent as the first message of every request; never stored in the history. */
  systemPrompt?: string;
  /** Budget keeper asked before every request (compaction, context limit, prompt layers to record). */
  context?: ContextHook;
  /** Layers asked for before every request and added to that request's system prompt only (agent/request-layers.ts). */
  requestLayers?: RequestLayers;
  /** Tools the provider runs (Responses API), sent by the model client: recorded with each request's tool set. */
  providerTools?: readonly OfferedTool[];
  /**
   * Told a tool set's definitions before the first request of the run that offers it (architecture.md, "Offered tool
   * sets"); that request's `request_started` names it by `hash`. The persister keeps each set once per session.
   */
  onToolSet?: (set: { hash: string; tools: OfferedTool[] }) => void;
  /**
   * Setup that can fail or be stopped (memory recall, loading tools): it runs after the user message is appended,
   * so Stop or a failure there ends the run as cancelled or with its error and the message stays stored.
   * What it returns replaces `tools`, `systemPrompt` and `context`.
   */
  prepare?: (signal: AbortSignal) => Promise<RunPreparation>;
  /** Monotonic ms, for event times and durations. */
  clock?: () => number;
  /** Wall-clock ms, for createdAt and run_started.startedAt. */
  now?: () => number;
  /** Waits between retries; must resolve early when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  newId?: () => string;
  /**
   * The first turn's answer, already received (a model comparison's stored answer, architecture.md "Try on other
   * models"): it becomes turn 1's message under `messageId` without a request; its tool calls run as usual and the
   * run goes on live from there.
   */
  adopted?: AdoptedTurn;
  /**
   * Told each model request's exchange as it went over the wire, once finished (a failed or stopped one too), one per
   * attempt, and each HTTP tool call's (docs/wire-capture.md). Absent: nothing is captured.
   */
  onExchange?: (exchange: WireExchange) => void;
};

export type AdoptedTurn = { messageId: string; turn: AccumulatedTurn };

type RunPreparation = { tools?: ToolExecutor; systemPrompt?: string; context?: ContextHook };

export type RunResult = { stopReason: StopReason; history: ChatMessage[]; usage: Usage; error?: ErrorInfo };
