import { requestView } from '../domain/request-view';
import type { AccumulatedTurn } from './accumulator';
import { contextFailureInfo, type ContextPrepared } from './context-hook';
import { estimateUsage } from './estimated-usage';
import { addUsage } from '../domain/messages';
import type { BuiltBody, Conversation, ModelRequest } from './model-client';
import { ModelError, internalError } from './errors';
import { isRecord } from '../domain/is-record';
import { retryDelayMs, waitTooLongInfo } from './retry';
import { streamAttempt } from './stream-attempt';
import { summaryRequester } from './summary-request';
import { buildRequest, toWireMessages, toWireTools } from './to-wire';
import { withRequestLayers } from './request-layers';
import type { ToolSpec } from './tool-executor';
import { offeredToolsOf } from './offered-tool-set';
import { pauseAt, requestEditCheck } from './pause';
import { appendToHistory, assistantMessage, hasOutput, type LoopState, type TurnEnd } from './loop-state';

/** A request ready to send: the body (as edited at a pause), what it was built from, what it records. */
type PreparedRequest = {
  request: ModelRequest;
  messages: ReturnType<typeof toWireMessages>;
  wireTools: ReturnType<typeof toWireTools>;
  conversation: Conversation;
  toolSet: ReturnType<LoopState['recordToolSet']>;
  /** What `request_started` reports of the context: the layers sent and the token estimates. */
  sent: {
    systemLayers?: ContextPrepared['systemLayers'];
    contextTokens?: number;
    contextLimit?: number;
    contextTokensRaw?: number;
  };
  estimatedTokens: number | undefined;
  edited: boolean;
  /** The body edited at a pause in the client's own format, sent as it is (`StreamOptions.body`). */
  body?: unknown;
};

/** Step 1 of a turn: the tools, the prompt and its layers, the context kept in budget, then the pause before sending. */
export async function prepareRequest(s: LoopState, turn: number): Promise<PreparedRequest | NonNullable<TurnEnd>> {
  const { input, config, signal } = s;
  const handles = s.tools.list();
  const specs = handles.map((t) => t.spec);
  const wireTools = toWireTools(specs);
  // What this request offers, kept with it (architecture.md, "Offered tool sets"): a re-run offers it again.
  const toolSet = s.recordToolSet(offeredToolsOf(handles, input.providerTools));
  // Asked again each turn: what changed since the last request (a View's context) goes with this one.
  const extraLayers = input.requestLayers ? await input.requestLayers(signal) : [];
  const turnPrompt = withRequestLayers(s.systemPrompt, extraLayers);
  const prepared = await prepareContext(s, turn, specs, turnPrompt);
  if ('stop' in prepared) return prepared;
  // Messages a summary covers stay in history (and storage) but leave the request.
  const view = requestView(s.history);
  const messages = toWireMessages(view, turnPrompt);
  const conversation = {
    messages: view,
    tools: specs,
    ...(turnPrompt !== undefined ? { systemPrompt: turnPrompt } : {}),
  };
  let request = buildRequest(config, messages, wireTools);
  // Paused before the request, nothing is in flight; the body shows in the format that will be sent, and what the
  // person sends is sent verbatim and kept beside the original (docs/debugging.md, "Breakpoints").
  const own = input.pause ? await ownBody(s, request, conversation) : undefined;
  if (own !== undefined && 'stop' in own) return own;
  const body = input.pause ? JSON.stringify(own ? own.body : request, null, 2) : '';
  const check = requestEditCheck(input.model.wire ?? 'chat');
  const held = await pauseAt(input.pause, { at: 'request', turn, body }, check, signal, s.emit);
  if (held?.action === 'stop') return { stop: 'cancelled' };
  const editedBody = held !== null && held.edited !== undefined && held.edited !== body ? held.edited : undefined;
  let sendAsIs: unknown;
  if (editedBody !== undefined) {
    const parsed: unknown = JSON.parse(editedBody);
    if (own) {
      sendAsIs = parsed;
      request = withModelOf(request, parsed);
    } else request = parsed as typeof request;
    s.turnEdits = [{ kind: 'request', original: body, sent: editedBody }];
  }
  const sent = {
    ...(prepared.systemLayers ? { systemLayers: [...prepared.systemLayers, ...extraLayers] } : {}),
    ...(prepared.estimatedTokens !== undefined ? { contextTokens: prepared.estimatedTokens } : {}),
    ...(prepared.limitTokens !== undefined ? { contextLimit: prepared.limitTokens } : {}),
    ...(prepared.rawEstimatedTokens !== undefined ? { contextTokensRaw: prepared.rawEstimatedTokens } : {}),
  };
  return {
    request,
    messages,
    wireTools,
    conversation,
    toolSet,
    sent,
    estimatedTokens: prepared.estimatedTokens,
    edited: editedBody !== undefined,
    ...(sendAsIs !== undefined ? { body: sendAsIs } : {}),
  };
}

/**
 * The body a client that builds its own would send (Responses, Anthropic, Gemini), so the pause shows that format;
 * undefined for Chat Completions, whose body is the request. A client whose code fails to load ends the run with why.
 */
async function ownBody(
  s: LoopState,
  request: ModelRequest,
  conversation: Conversation,
): Promise<BuiltBody | NonNullable<TurnEnd> | undefined> {
  const { model } = s.input;
  if (model.wire !== 'responses' && model.wire !== 'anthropic' && model.wire !== 'gemini') return undefined;
  if (!model.bodyFor) return undefined;
  try {
    return await model.bodyFor(request, { conversation });
  } catch (e) {
    if (s.signal.aborted) return { stop: 'cancelled' };
    return {
      stop: 'error',
      error: e instanceof ModelError ? e.info : internalError('model_client', 'The request body could not be built', e),
    };
  }
}

/** An edited body that names its model (all but Gemini's) is answered by that model: the reply is signed by it. */
function withModelOf(request: ModelRequest, body: unknown): ModelRequest {
  const model = isRecord(body) ? body['model'] : undefined;
  return typeof model === 'string' && model !== '' ? { ...request, model } : request;
}

/** Lets the context hook compact before a request; a failure there ends the run (cancelled or with its error). */
async function prepareContext(
  s: LoopState,
  turn: number,
  specs: ToolSpec[],
  turnPrompt: string | undefined,
): Promise<Omit<ContextPrepared, 'compaction'> | NonNullable<TurnEnd>> {
  const { context, signal } = s;
  if (!context) return {};
  let prepared: ContextPrepared;
  try {
    const send = summaryRequester({
      model: s.input.model,
      config: s.config,
      emit: s.emit,
      turn,
      sleep: s.sleep,
      random: s.random,
      newId: s.newId,
      clock: s.clock,
    });
    prepared = await context.beforeRequest(s.history, turnPrompt ?? '', specs, signal, send);
  } catch (e) {
    return signal.aborted ? { stop: 'cancelled' } : { stop: 'error', error: contextFailureInfo(e) };
  }
  const c = prepared.compaction;
  if (c) {
    // The summary request is billed like any other; it belongs to this run's (and so the session's) usage.
    if (c.usage) s.usage = addUsage(s.usage, c.usage);
    appendToHistory(s, c.summary);
    s.emit({
      type: 'context_compacted',
      turn,
      removedMessageIds: c.removedMessageIds,
      summaryMessageId: c.summary.id,
      tokensBefore: c.tokensBefore,
      tokensAfter: c.tokensAfter,
    });
  }
  return prepared;
}

/** A reply's usage counted from its text when the provider reports none. */
const estimated = (p: PreparedRequest, reply: AccumulatedTurn) =>
  estimateUsage(p.messages, p.wireTools.length > 0 ? JSON.stringify(p.wireTools).length : 0, reply);

/** The model's reply to a turn's request, under the id of the attempt that got it. */
export type StreamedReply = { reply: AccumulatedTurn; messageId: string };

/** Step 2 of a turn: sends the request and streams the reply, retrying what may pass on a second try. */
export async function streamReply(
  s: LoopState,
  turn: number,
  p: PreparedRequest,
): Promise<StreamedReply | NonNullable<TurnEnd>> {
  const { input, config, signal } = s;
  for (let attempt = 1; ; attempt++) {
    const messageId = s.newId();
    if (attempt === 1 && p.toolSet.tools) input.onToolSet?.({ hash: p.toolSet.hash, tools: p.toolSet.tools });
    s.emit({
      type: 'request_started',
      turn,
      attempt,
      messageId,
      ...p.sent,
      toolSet: p.toolSet.hash,
      ...(p.edited ? { edited: true as const } : {}),
    });
    const outcome = await streamAttempt({
      model: input.model,
      request: p.request,
      signal,
      config,
      emit: s.emit,
      turn,
      attempt,
      messageId,
      conversation: p.conversation,
      clock: s.clock,
      ...(p.body !== undefined ? { body: p.body } : {}),
      ...(input.onExchange
        ? {
            exchanges: { runId: input.runId, sessionId: input.sessionId, newId: s.newId, onExchange: input.onExchange },
          }
        : {}),
      onSent: ({ leftOut }) => {
        if (leftOut.length > 0) s.emit({ type: 'request_left_out', turn, attempt, messageId, notes: [...leftOut] });
      },
    });
    if (outcome.kind === 'done') {
      const reply = outcome.turn;
      const turnUsage = reply.usage ?? estimated(p, reply);
      s.usage = addUsage(s.usage, turnUsage);
      if (reply.usage && p.estimatedTokens !== undefined)
        s.context?.observeUsage(p.estimatedTokens, reply.usage.promptTokens);
      s.emit({ type: 'request_finished', turn, attempt, finishReason: reply.finishReason, usage: turnUsage });
      return { reply, messageId };
    }
    if (outcome.kind === 'cancelled') {
      // Keep what the user saw; tool calls still streaming are dropped so no call is left unanswered.
      if (hasOutput(outcome.partial)) {
        appendToHistory(s, assistantMessage(s, messageId, turn, outcome.partial, [], 'cancelled'));
        // The provider bills a stopped reply (the prompt and what it streamed) but reports nothing: estimate it.
        s.usage = addUsage(s.usage, estimated(p, outcome.partial));
      }
      return { stop: 'cancelled' };
    }
    const retryInMs = signal.aborted ? null : retryDelayMs(outcome.error, attempt, config, s.random);
    const info = (retryInMs === null ? waitTooLongInfo(outcome.error) : null) ?? outcome.error.info;
    s.emit({ type: 'request_failed', turn, attempt, error: info, retryInMs });
    if (retryInMs === null) {
      if (signal.aborted) return { stop: 'cancelled' };
      if (hasOutput(outcome.partial))
        appendToHistory(s, assistantMessage(s, messageId, turn, outcome.partial, [], 'error'));
      return { stop: 'error', error: info };
    }
    // A retry starts the turn over: the failed attempt lives on in the event log only.
    await s.sleep(retryInMs, signal);
    if (signal.aborted) return { stop: 'cancelled' };
  }
}
