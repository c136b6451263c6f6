import { createAccumulator, type AccumulatedTurn, type Accumulator, type AccumulatorDelta } from './accumulator';
import type { LoopConfig } from '../domain/loop-config';
import type { ProviderToolCall } from '../domain/provider-items';
import type { Emit } from './emitter';
import { ModelError, internalError } from './errors';
import type { Conversation, ModelClient, ModelRequest, SentBody, StreamOptions } from './model-client';
import type { WireExchange, WireSink } from '../domain/wire-exchange';
import { createResponsesAccumulator } from './responses-accumulator';

type AttemptResult =
  | { kind: 'done'; turn: AccumulatedTurn }
  | { kind: 'failed'; error: ModelError; partial: AccumulatedTurn }
  | { kind: 'cancelled'; partial: AccumulatedTurn };

type AttemptInput = {
  model: ModelClient;
  request: ModelRequest;
  /** The run's signal; the attempt derives its own so a timeout can abort just this request. */
  signal: AbortSignal;
  config: Pick<LoopConfig, 'firstByteTimeoutMs' | 'idleTimeoutMs'>;
  emit: Emit;
  turn: number;
  attempt: number;
  messageId: string;
  /** The history behind `request`, for clients of other wire formats. */
  conversation?: Conversation;
  /** Monotonic ms, for how long provider-run tools took. */
  clock?: () => number;
  /** No token events: a compaction summary is not a reply the chat streams. */
  quiet?: boolean;
  /** What the client said of the body it built (a format that builds its own: what it left out). */
  onSent?: (sent: SentBody) => void;
  /** A body in the client's own format, edited at a pause, sent as it is (`StreamOptions.body`). */
  body?: unknown;
  /** Where this attempt's exchange goes, named for the run and the attempt (docs/wire-capture.md). */
  exchanges?: ExchangeTarget;
  /** A sink of the caller's own, when the attempt is no run's (an answer of "Try on other models"). */
  capture?: WireSink;
};

type ExchangeTarget = {
  readonly runId: string;
  readonly sessionId: string;
  readonly newId: () => string;
  readonly onExchange: (exchange: WireExchange) => void;
};

/** The sink of one attempt: each exchange its request makes, owned by the attempt's message and the run's turn. */
function attemptSink(to: ExchangeTarget, messageId: string, turn: number, attempt: number): WireSink {
  const owner = { kind: 'model', runId: to.runId, messageId, attempt, turn } as const;
  return (captured) => to.onExchange({ id: to.newId(), sessionId: to.sessionId, owner, ...captured });
}

/** A client's stream folded by its own wire format's reducer: each step yields what one chunk added. */
type Folded = { result(): AccumulatedTurn; open(): AsyncIterator<AccumulatorDelta[]> };

function foldedStream(model: ModelClient, request: ModelRequest, options: StreamOptions): Folded {
  if (model.wire === 'anthropic' || model.wire === 'gemini') {
    // The reducer loads with the client's code, so it arrives with the first step; until then the turn is empty.
    let acc: Accumulator<unknown> | null = null;
    let prefixHash: string | undefined;
    const native = model;
    // The reply keeps the hash of the body it answered beside its parts (docs/wire-formats.md, "What is kept verbatim").
    const result = () => (acc ? withPrefixHash(acc.result(), prefixHash) : createAccumulator().result());
    const sentOptions: StreamOptions = {
      ...options,
      onSent: (sent) => {
        prefixHash = sent.prefixHash;
        options.onSent?.(sent);
      },
    };
    return {
      result,
      open: () => {
        const events = native.stream(request, sentOptions);
        return fold(events, { push: (event) => (acc ? acc.push(event) : []), result }, async () => {
          acc ??= await native.reducer(request.model);
        });
      },
    };
  }
  if (model.wire === 'responses') {
    const acc = createResponsesAccumulator();
    return { result: () => acc.result(), open: () => fold(model.stream(request, options), acc) };
  }
  const acc = createAccumulator();
  return { result: () => acc.result(), open: () => fold(model.stream(request, options), acc) };
}

function withPrefixHash(turn: AccumulatedTurn, prefixHash: string | undefined): AccumulatedTurn {
  return turn.wireParts && prefixHash !== undefined ? { ...turn, wireParts: { ...turn.wireParts, prefixHash } } : turn;
}

function fold<C>(
  source: AsyncIterable<C>,
  acc: Accumulator<C>,
  ready?: () => Promise<void>,
): AsyncIterator<AccumulatorDelta[]> {
  const it = source[Symbol.asyncIterator]();
  const end: IteratorReturnResult<undefined> = { done: true, value: undefined };
  const step = (r: IteratorResult<C>): IteratorResult<AccumulatorDelta[]> =>
    r.done ? end : { done: false, value: acc.push(r.value) };
  return {
    // A reducer that throws (a provider error in the stream) rejects this step, like a failed read. Only a format
    // whose reducer loads with its client waits for it; the others add nothing per chunk (a hot path).
    next: ready ? () => Promise.all([it.next(), ready()]).then(([r]) => step(r)) : () => it.next().then(step),
    return: () => (it.return ? it.return().then(() => end) : Promise.resolve(end)),
  };
}

/** Stamps each provider-run tool with the time from its first to its last event in this request. */
function providerTimer(clock: () => number) {
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  return {
    seen(item: ProviderToolCall): ProviderToolCall {
      const t = clock();
      if (!first.has(item.id)) first.set(item.id, t);
      last.set(item.id, t);
      return { ...item, durationMs: Math.max(0, Math.round(t - (first.get(item.id) ?? t))) };
    },
    stamp(turn: AccumulatedTurn): AccumulatedTurn {
      if (!turn.items) return turn;
      const items = turn.items.map((i) => {
        const a = first.get(i.id);
        const b = last.get(i.id);
        return i.kind === 'provider_tool' && a !== undefined && b !== undefined
          ? { ...i, durationMs: Math.max(0, Math.round(b - a)) }
          : i;
      });
      return { ...turn, items };
    },
  };
}

type Stop = { kind: 'abort' } | { kind: 'timeout'; phase: 'first_byte' | 'idle'; afterMs: number };

function timeoutError(phase: 'first_byte' | 'idle', afterMs: number): ModelError {
  const secs = Math.round(afterMs / 100) / 10;
  const message =
    phase === 'first_byte'
      ? `The model sent nothing within ${secs} s of the request, so the request was stopped.`
      : `The model stopped sending for ${secs} s in the middle of its reply, so the request was stopped.`;
  // Like a 408: worth another try.
  return new ModelError({ fault: 'system', kind: 'timeout', phase, afterMs, message }, true);
}

/**
 * One model request: streams, folds chunks into a turn, and emits the deltas. Never throws.
 * The wait for each chunk races the run's abort and the first-byte/idle timers, so a client
 * that ignores its signal still cannot hold the run; the request's own signal is aborted on
 * the way out so the HTTP connection really closes.
 */
export async function streamAttempt(input: AttemptInput): Promise<AttemptResult> {
  const { model, request, signal, config, emit, turn, attempt, messageId } = input;
  const ctl = new AbortController();
  const tools = providerTimer(input.clock ?? (() => globalThis.performance.now()));
  let folded: Folded | null = null;
  const partial = (): AccumulatedTurn => tools.stamp(folded ? folded.result() : createAccumulator().result());
  let resolveStop: (s: Stop) => void = () => {};
  const stopped = new Promise<Stop>((resolve) => (resolveStop = resolve));
  const onAbort = () => {
    resolveStop({ kind: 'abort' });
    ctl.abort();
  };
  signal.addEventListener('abort', onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (phase: 'first_byte' | 'idle', ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => resolveStop({ kind: 'timeout', phase, afterMs: ms }), ms);
  };
  let iterator: AsyncIterator<AccumulatorDelta[]> | undefined;
  let sawToken = false;
  let sawChunk = false;
  let settled = false;
  // Keep-alives restart whichever wait is running; after the attempt they must not re-arm a timer.
  const onActivity = () => {
    if (!settled) arm(sawChunk ? 'idle' : 'first_byte', sawChunk ? config.idleTimeoutMs : config.firstByteTimeoutMs);
  };

  try {
    if (signal.aborted) return { kind: 'cancelled', partial: partial() };
    arm('first_byte', config.firstByteTimeoutMs);
    folded = foldedStream(model, request, {
      signal: ctl.signal,
      onActivity,
      ...(input.conversation ? { conversation: input.conversation } : {}),
      ...(input.onSent ? { onSent: input.onSent } : {}),
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(input.exchanges
        ? { capture: attemptSink(input.exchanges, messageId, turn, attempt) }
        : input.capture
          ? { capture: input.capture }
          : {}),
    });
    const it = folded.open();
    iterator = it;
    for (;;) {
      const next = it.next();
      // Once the race is lost the pending read may still reject; that is expected, not unhandled.
      next.catch(() => undefined);
      const r = await Promise.race([next, stopped]);
      if ('kind' in r) {
        if (r.kind === 'abort') return { kind: 'cancelled', partial: partial() };
        return { kind: 'failed', error: timeoutError(r.phase, r.afterMs), partial: partial() };
      }
      if (r.done) break;
      sawChunk = true;
      arm('idle', config.idleTimeoutMs);
      const deltas = input.quiet ? [] : r.value;
      for (const d of deltas) {
        if (!sawToken) {
          sawToken = true;
          emit({ type: 'first_token', turn, attempt });
        }
        if (d.kind === 'text') emit({ type: 'text_delta', turn, messageId, delta: d.delta });
        else if (d.kind === 'reasoning') emit({ type: 'reasoning_delta', turn, messageId, delta: d.delta });
        else if (d.kind === 'tool_call') {
          emit({
            type: 'tool_call_delta',
            turn,
            messageId,
            index: d.index,
            id: d.id,
            name: d.name,
            argumentsDelta: d.argumentsDelta,
          });
        } else if (d.kind === 'provider_tool')
          emit({ type: 'provider_tool_updated', turn, messageId, item: tools.seen(d.item) });
      }
      // An abort inside a consumer of the events above must not wait for another chunk.
      if (signal.aborted) return { kind: 'cancelled', partial: partial() };
    }
    // The SDK's iterator can end quietly when aborted: an ended stream is not proof of success.
    if (signal.aborted) return { kind: 'cancelled', partial: partial() };
    return { kind: 'done', turn: partial() };
  } catch (e) {
    if (signal.aborted) return { kind: 'cancelled', partial: partial() };
    // The port promises ModelError for every failure; anything else is a bug in the client, not the network.
    const error =
      e instanceof ModelError ? e : new ModelError(internalError('model_client', 'The model request failed', e), false);
    return { kind: 'failed', error, partial: partial() };
  } finally {
    settled = true;
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    ctl.abort();
    if (iterator?.return) {
      try {
        iterator.return().catch(() => undefined);
      } catch {
        // A broken iterator has nothing left to close.
      }
    }
  }
}
