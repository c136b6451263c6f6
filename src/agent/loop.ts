import { requestView } from '../domain/request-view';
import type { AccumulatedTurn } from './accumulator';
import { contextFailureInfo, type ContextHook, type ContextPrepared } from './context-hook';
import type { LoopConfig } from '../domain/loop-config';
import { createEmitter } from './emitter';
import { internalError } from './errors';
import type { ErrorInfo } from '../domain/error-info';
import { estimateUsage } from './estimated-usage';
import type { EventSink } from './events';
import type { StopReason } from '../domain/stop-reason';
import { addUsage, zeroUsage, type AssistantMessage, type AssistantStatus, type ChatMessage, type MessageImage, type ToolCall, type ToolMessage, type Usage } from '../domain/messages';
import type { ModelClient } from './model-client';
import { abortableSleep, retryDelayMs, waitTooLongInfo } from './retry';
import { runToolBatch, ToolBatchCrash, type ToolCallResult } from './run-tools';
import { streamAttempt } from './stream-attempt';
import { summaryRequester } from './summary-request';
import { buildRequest, toWireMessages, toWireTools } from './to-wire';
import { occurrences } from '../domain/call-identity';
import { withRequestLayers, type RequestLayers } from './request-layers';
import type { ApprovalGate, ToolExecutor, ToolSpec } from './tool-executor';
import type { OfferedTool } from '../domain/offered-tools';
import { offeredToolsOf, toolSetRecorder } from './offered-tool-set';
import { checkRequestEdit, NOT_RUN_EDITED, pauseAt, pauseBeforeCalls, withEdit, type PauseGate, type StandingAnswer } from './pause';
import type { MessageEdit } from '../domain/breakpoints';


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
  emit: EventSink;
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
};

export type AdoptedTurn = { messageId: string; turn: AccumulatedTurn };

export type RunPreparation = { tools?: ToolExecutor; systemPrompt?: string; context?: ContextHook };

export type RunResult = { stopReason: StopReason; history: ChatMessage[]; usage: Usage; error?: ErrorInfo };

const defaultId = () => globalThis.crypto.randomUUID();
const defaultClock = () => globalThis.performance.now();

type TurnEnd = { stop: StopReason; error?: ErrorInfo } | null;

/**
 * The agent loop: request, stream, run the tools the model asked for, repeat until it answers in
 * plain text or a limit, an error or the signal stops it. It never throws for model or tool
 * failures, and the history it returns is always valid (architecture.md, invariant 1).
 */
export async function runAgent(input: RunInput): Promise<RunResult> {
  const { config, signal } = input;
  let { tools, systemPrompt, context } = input;
  const clock = input.clock ?? defaultClock;
  const now = input.now ?? Date.now;
  const newId = input.newId ?? defaultId;
  const sleep = input.sleep ?? abortableSleep;
  const random = input.random ?? Math.random;
  const { emit } = createEmitter(input.runId, input.emit, clock);

  const history: ChatMessage[] = input.history.slice();
  let usage = zeroUsage();
  /** How often each distinct call (tool + canonical arguments) came up in this run: the repeated-call guard's count. */
  const seenCalls = new Map<string, number>();
  const recordToolSet = toolSetRecorder();
  /** What the person edited at this turn's pauses, kept on the turn's assistant message. */
  let turnEdits: MessageEdit[] = [];
  const append = (message: ChatMessage) => {
    history.push(message);
    emit({ type: 'message_appended', message });
  };
  const finish = (stopReason: StopReason, error?: ErrorInfo): RunResult => {
    emit({ type: 'run_finished', stopReason, usage, ...(error ? { error } : {}) });
    return { stopReason, history, usage, ...(error ? { error } : {}) };
  };

  emit({ type: 'run_started', sessionId: input.sessionId, model: config.model, startedAt: now() });
  if (input.userMessage !== undefined) {
    append({ id: newId(), createdAt: now(), role: 'user', content: input.userMessage, ...(input.userImages && input.userImages.length > 0 ? { images: input.userImages } : {}) });
  }

  const assistant = (messageId: string, turn: number, t: AccumulatedTurn, toolCalls: ToolCall[], status: AssistantStatus): AssistantMessage => withEdit<AssistantMessage>({
    id: messageId,
    createdAt: now(),
    role: 'assistant',
    content: t.text,
    reasoning: t.reasoning,
    refusal: t.refusal,
    toolCalls,
    status,
    runId: input.runId,
    turn,
    ...(t.items && t.items.length > 0 ? { providerItems: t.items } : {}),
    ...(t.citations && t.citations.length > 0 ? { citations: t.citations } : {}),
    ...(t.responseId !== undefined ? { responseId: t.responseId } : {}),
  } satisfies AssistantMessage, turnEdits);
  const hasOutput = (t: AccumulatedTurn) => t.text !== '' || t.reasoning !== '' || t.refusal !== null;

  if (input.prepare) {
    try {
      const p = await input.prepare(signal);
      tools = p.tools ?? tools;
      systemPrompt = p.systemPrompt ?? systemPrompt;
      context = p.context ?? context;
    } catch (e) {
      if (signal.aborted) return finish('cancelled');
      return finish('error', preparationFailureInfo(e));
    }
  }

  try {
    for (let turn = 1; ; turn++) {
      if (signal.aborted) return finish('cancelled');
      if (turn > config.maxTurns) return finish('max_turns');
      turnEdits = [];
      if (turn === 1 && input.adopted) {
        // Spent during the comparison, whose answers stay out of the session's totals (architecture.md, "Try on other
        // models"): counted here, as this turn's usage, the adopted answer is counted exactly once.
        if (input.adopted.turn.usage) usage = addUsage(usage, input.adopted.turn.usage);
        const end = await handleTurn(input.adopted.turn, turn, input.adopted.messageId);
        if (end) return finish(end.stop, end.error);
        continue;
      }

      const handles = tools.list();
      const specs = handles.map((t) => t.spec);
      const wireTools = toWireTools(specs);
      // What this request offers, kept with it (architecture.md, "Offered tool sets"): a re-run offers it again.
      const toolSet = recordToolSet(offeredToolsOf(handles, input.providerTools));
      // Asked again each turn: what changed since the last request (a View's context) goes with this one.
      const extraLayers = input.requestLayers ? await input.requestLayers(signal) : [];
      const turnPrompt = withRequestLayers(systemPrompt, extraLayers);
      const prepared = await prepareContext(turn, specs, turnPrompt);
      if ('stop' in prepared) return finish(prepared.stop, prepared.error);
      // Messages a summary covers stay in history (and storage) but leave the request.
      const view = requestView(history);
      const messages = toWireMessages(view, turnPrompt);
      const conversation = { messages: view, tools: specs, ...(turnPrompt !== undefined ? { systemPrompt: turnPrompt } : {}) };
      let request = buildRequest(config, messages, wireTools);
      // Paused before the request, nothing is in flight; what the person sends is sent verbatim and kept beside the original.
      const body = input.pause ? JSON.stringify(request, null, 2) : '';
      const held = await pauseAt(input.pause, { at: 'request', turn, body }, checkRequestEdit, signal, emit);
      if (held?.action === 'stop') return finish('cancelled');
      const editedBody = held !== null && held.edited !== undefined && held.edited !== body ? held.edited : undefined;
      const requestEdited = editedBody !== undefined;
      if (editedBody !== undefined) {
        request = JSON.parse(editedBody) as typeof request;
        turnEdits = [{ kind: 'request', original: body, sent: editedBody }];
      }
      const sent = {
        ...(prepared.systemLayers ? { systemLayers: [...prepared.systemLayers, ...extraLayers] } : {}),
        ...(prepared.estimatedTokens !== undefined ? { contextTokens: prepared.estimatedTokens } : {}),
        ...(prepared.limitTokens !== undefined ? { contextLimit: prepared.limitTokens } : {}),
        ...(prepared.rawEstimatedTokens !== undefined ? { contextTokensRaw: prepared.rawEstimatedTokens } : {}),
      };

      let done: AccumulatedTurn | null = null;
      let messageId = '';
      for (let attempt = 1; done === null; attempt++) {
        messageId = newId();
        if (attempt === 1 && toolSet.tools) input.onToolSet?.({ hash: toolSet.hash, tools: toolSet.tools });
        emit({ type: 'request_started', turn, attempt, messageId, ...sent, toolSet: toolSet.hash, ...(requestEdited ? { edited: true as const } : {}) });
        const outcome = await streamAttempt({ model: input.model, request, signal, config, emit, turn, attempt, messageId, conversation, clock });
        if (outcome.kind === 'done') {
          done = outcome.turn;
          const turnUsage = done.usage ?? estimateUsage(messages, wireTools.length > 0 ? JSON.stringify(wireTools).length : 0, done);
          usage = addUsage(usage, turnUsage);
          if (done.usage && prepared.estimatedTokens !== undefined) context?.observeUsage(prepared.estimatedTokens, done.usage.promptTokens);
          emit({ type: 'request_finished', turn, attempt, finishReason: done.finishReason, usage: turnUsage });
          break;
        }
        if (outcome.kind === 'cancelled') {
          // Keep what the user saw; tool calls still streaming are dropped so no call is left unanswered.
          if (hasOutput(outcome.partial)) {
            append(assistant(messageId, turn, outcome.partial, [], 'cancelled'));
            // The provider bills a stopped reply (the prompt and what it streamed) but reports nothing: estimate it.
            usage = addUsage(usage, estimateUsage(messages, wireTools.length > 0 ? JSON.stringify(wireTools).length : 0, outcome.partial));
          }
          return finish('cancelled');
        }
        const retryInMs = signal.aborted ? null : retryDelayMs(outcome.error, attempt, config, random);
        const info = (retryInMs === null ? waitTooLongInfo(outcome.error) : null) ?? outcome.error.info;
        emit({ type: 'request_failed', turn, attempt, error: info, retryInMs });
        if (retryInMs === null) {
          if (signal.aborted) return finish('cancelled');
          if (hasOutput(outcome.partial)) append(assistant(messageId, turn, outcome.partial, [], 'error'));
          return finish('error', info);
        }
        // A retry starts the turn over: the failed attempt lives on in the event log only.
        await sleep(retryInMs, signal);
        if (signal.aborted) return finish('cancelled');
      }

      const end = await handleTurn(done, turn, messageId);
      if (end) return finish(end.stop, end.error);
    }
  } catch (e) {
    // Only a bug in the loop or an injected dependency reaches here; report it as a run error
    // after answering any call left open, so the history stays valid.
    closeOpenCalls(e instanceof ToolBatchCrash ? e.settled : []);
    const cause = e instanceof ToolBatchCrash ? e.error : e;
    return finish(signal.aborted ? 'cancelled' : 'error', signal.aborted ? undefined : internalError('loop', 'The agent loop failed unexpectedly', cause));
  }

  /** Lets the context hook compact before a request; a failure there ends the run (cancelled or with its error). */
  async function prepareContext(turn: number, specs: ToolSpec[], turnPrompt: string | undefined): Promise<Omit<ContextPrepared, 'compaction'> | { stop: StopReason; error?: ErrorInfo }> {
    if (!context) return {};
    let prepared: ContextPrepared;
    try {
      const send = summaryRequester({ model: input.model, config, emit, turn, sleep, random, newId, clock });
      prepared = await context.beforeRequest(history, turnPrompt ?? '', specs, signal, send);
    } catch (e) {
      return signal.aborted ? { stop: 'cancelled' } : { stop: 'error', error: contextFailureInfo(e) };
    }
    const c = prepared.compaction;
    if (c) {
      // The summary request is billed like any other; it belongs to this run's (and so the session's) usage.
      if (c.usage) usage = addUsage(usage, c.usage);
      append(c.summary);
      emit({ type: 'context_compacted', turn, removedMessageIds: c.removedMessageIds, summaryMessageId: c.summary.id, tokensBefore: c.tokensBefore, tokensAfter: c.tokensAfter });
    }
    return prepared;
  }

  /** What happens after a successful request; returns how the run ends, or null to loop. */
  async function handleTurn(t: AccumulatedTurn, turn: number, messageId: string): Promise<TurnEnd> {
    if (t.toolCalls.length > 0) {
      const calls = normalizeCalls(t.toolCalls, newId);
      const cut = t.finishReason === 'length';
      // Its own copy of the calls: an argument edit below replaces entries of `calls`, never the stored message's.
      const asMade = assistant(messageId, turn, t, [...calls], cut ? 'length' : 'complete');
      append(asMade);
      if (cut) {
        // The last call's arguments may be cut mid-value (and could still parse): running it could do the wrong thing.
        refuseAll(calls, turn, 'Not run: the reply was cut at the token limit, so the arguments of this call may be incomplete.');
        return { stop: 'length' };
      }
      if (calls.length > config.maxToolCallsPerTurn) {
        refuseAll(calls, turn, `Not run: the model asked for ${calls.length} tool calls in one turn and the limit is ${config.maxToolCallsPerTurn}.`);
        return { stop: 'max_tool_calls' };
      }
      // Paused before each call, with the message stored (a reload finds the pause): an argument edit runs the edited
      // call, an answer by hand stands for the tool's result, a call answered before a reload is not run again.
      const before = await pauseBeforeCalls({ gate: input.pause, calls, turn, tools, signal, emit, skip: input.answered });
      let answers = new Map([...(input.answered ?? []), ...before.answers]);
      let editedArgs: ReadonlySet<string> = before.editedArgs;
      if (before.edits.length > 0) {
        // The call as the model made it stays where it was, answered "not run"; the edited call goes on as its
        // sibling on a new branch after the same message: two versions of one step (architecture.md, "Breakpoints").
        const at = history.lastIndexOf(asMade);
        const forkMessageId = history[at - 1]?.id;
        if (forkMessageId !== undefined) {
          history.splice(at, 1);
          const notRun = asMade.toolCalls.map((c) => toolMessage({ call: c, content: NOT_RUN_EDITED, isError: true, outcome: 'cancelled' }, turn));
          for (const m of notRun) emit({ type: 'message_appended', message: m });
          emit({ type: 'branch_started', branchId: newId(), forkMessageId, leftMessageIds: [asMade.id, ...notRun.map((m) => m.id)] });
          // The edited message's calls get ids of their own: the call the model made keeps its id on its branch.
          const renamed = (id: string) => `${id}_edited`;
          calls.splice(0, calls.length, ...calls.map((c) => ({ ...c, id: renamed(c.id) })));
          answers = new Map([...answers].map(([id, a]) => [renamed(id), a]));
          editedArgs = new Set([...editedArgs].map(renamed));
          turnEdits = [...turnEdits, ...before.edits.map((e) => (e.kind === 'arguments' ? { ...e, callId: renamed(e.callId) } : e))];
          append(assistant(newId(), turn, t, [...calls], 'complete'));
        }
      }
      const batch = await runToolBatch({ calls, turn, tools, approve: input.approve, config, occurrences: occurrences(calls, seenCalls), signal, emit, clock, ...(input.pause ? { pause: input.pause } : {}), answers, editedArgs });
      appendResults(batch.results, turn);
      return batch.cancelled ? { stop: 'cancelled' } : null;
    }
    if (t.finishReason === 'length') {
      append(assistant(messageId, turn, t, [], 'length'));
      return { stop: 'length' };
    }
    if (t.finishReason === 'content_filter') {
      if (hasOutput(t)) append(assistant(messageId, turn, t, [], 'error'));
      return { stop: 'error', error: { fault: 'model', kind: 'content_filter', message: "The provider's content filter stopped the reply." } };
    }
    if (t.text === '' && t.refusal === null) {
      if (t.reasoning !== '') append(assistant(messageId, turn, t, [], 'error'));
      return {
        stop: 'error',
        error: { fault: 'model', kind: 'empty_response', message: 'The model returned an empty reply: no text and no tool calls.' },
      };
    }
    append(assistant(messageId, turn, t, [], 'complete'));
    return { stop: 'complete' };
  }

  /** Answers every call with the same error, announced like a finished tool, without running any. */
  function refuseAll(calls: ToolCall[], turn: number, content: string) {
    for (const call of calls) {
      emit({ type: 'tool_finished', turn, callId: call.id, name: call.name, outcome: 'error', durationMs: 0, result: content, isError: true });
    }
    appendResults(calls.map((call) => ({ call, content, isError: true, outcome: 'error' })), turn);
  }

  function appendResults(results: ToolCallResult[], turn: number) {
    for (const r of results) {
      // A tool's server had the page run model requests for it (legacy MCP sampling): billed to this run like any other.
      for (const s of r.sampling ?? []) usage = addUsage(usage, s.usage);
      append(toolMessage(r, turn));
    }
  }

  function toolMessage(r: ToolCallResult, turn: number): ToolMessage {
    return {
      id: newId(),
      createdAt: now(),
      role: 'tool',
      toolCallId: r.call.id,
      name: r.call.name,
      content: r.content,
      isError: r.isError,
      outcome: r.outcome,
      runId: input.runId,
      turn,
      ...(r.images ? { images: r.images } : {}),
      ...(r.edits ? { edits: r.edits } : {}),
    };
  }

  /**
   * Answers every call of the last assistant message that has no result yet, in call order: with
   * the result the batch already reported (and announced) when there is one, else with an error
   * result announced here, so the event log and the history tell the same story.
   */
  function closeOpenCalls(settled: ToolCallResult[]) {
    const last = history.findLast((m) => m.role === 'assistant');
    if (!last || last.role !== 'assistant' || last.toolCalls.length === 0) return;
    const idx = history.lastIndexOf(last);
    const answered = new Set(history.slice(idx + 1).flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : [])));
    const known = new Map(settled.map((r) => [r.call.id, r]));
    const results = last.toolCalls
      .filter((c) => !answered.has(c.id))
      .map((call): ToolCallResult => {
        const reported = known.get(call.id);
        if (reported) return reported;
        const content = 'Not run: the agent loop stopped after an internal error.';
        emit({ type: 'tool_finished', turn: last.turn, callId: call.id, name: call.name, outcome: 'error', durationMs: 0, result: content, isError: true });
        return { call, content, isError: true, outcome: 'error' };
      });
    appendResults(results, last.turn);
  }
}

/** A failure while preparing: an ErrorInfo it carries (a storage or model error), else Toolscope's own start failure. */
function preparationFailureInfo(e: unknown): ErrorInfo {
  const carried = contextFailureInfo(e);
  return carried.kind === 'internal' && carried.step === 'compaction' ? internalError('start', 'The run could not start', e) : carried;
}

/** Gives every call a usable, unique id: some servers send none, or repeat one. */
function normalizeCalls(calls: readonly { id: string; name: string; arguments: string }[], newId: () => string): ToolCall[] {
  const seen = new Set<string>();
  return calls.map((c) => {
    const id = c.id === '' || seen.has(c.id) ? `call_${newId()}` : c.id;
    seen.add(id);
    return { id, name: c.name, arguments: c.arguments };
  });
}
