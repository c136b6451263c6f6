import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { createAccumulator, type AccumulatedTurn } from './accumulator';
import type { LoopConfig } from '../domain/loop-config';
import type { Emit } from './emitter';
import { ModelError, internalError } from './errors';
import type { ModelClient, ModelRequest } from './model-client';

export type AttemptResult =
  | { kind: 'done'; turn: AccumulatedTurn }
  | { kind: 'failed'; error: ModelError; partial: AccumulatedTurn }
  | { kind: 'cancelled'; partial: AccumulatedTurn };

export type AttemptInput = {
  model: ModelClient;
  request: ModelRequest;
  /** The run's signal; the attempt derives its own so a timeout can abort just this request. */
  signal: AbortSignal;
  config: Pick<LoopConfig, 'firstByteTimeoutMs' | 'idleTimeoutMs'>;
  emit: Emit;
  turn: number;
  attempt: number;
  messageId: string;
};

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
  const acc = createAccumulator();
  const ctl = new AbortController();
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
  let iterator: AsyncIterator<ChatCompletionChunk> | undefined;
  let sawToken = false;
  let sawChunk = false;
  let settled = false;
  // Keep-alives restart whichever wait is running; after the attempt they must not re-arm a timer.
  const onActivity = () => {
    if (!settled) arm(sawChunk ? 'idle' : 'first_byte', sawChunk ? config.idleTimeoutMs : config.firstByteTimeoutMs);
  };

  try {
    if (signal.aborted) return { kind: 'cancelled', partial: acc.result() };
    arm('first_byte', config.firstByteTimeoutMs);
    iterator = model.stream(request, { signal: ctl.signal, onActivity })[Symbol.asyncIterator]();
    for (;;) {
      const next = iterator.next();
      // Once the race is lost the pending read may still reject; that is expected, not unhandled.
      next.catch(() => undefined);
      const r = await Promise.race([next, stopped]);
      if ('kind' in r) {
        if (r.kind === 'abort') return { kind: 'cancelled', partial: acc.result() };
        return { kind: 'failed', error: timeoutError(r.phase, r.afterMs), partial: acc.result() };
      }
      if (r.done) break;
      sawChunk = true;
      arm('idle', config.idleTimeoutMs);
      const deltas = acc.push(r.value);
      for (const d of deltas) {
        if (!sawToken) {
          sawToken = true;
          emit({ type: 'first_token', turn, attempt });
        }
        if (d.kind === 'text') emit({ type: 'text_delta', turn, messageId, delta: d.delta });
        else if (d.kind === 'reasoning') emit({ type: 'reasoning_delta', turn, messageId, delta: d.delta });
        else if (d.kind === 'tool_call') {
          emit({ type: 'tool_call_delta', turn, messageId, index: d.index, id: d.id, name: d.name, argumentsDelta: d.argumentsDelta });
        }
      }
      // An abort inside a consumer of the events above must not wait for another chunk.
      if (signal.aborted) return { kind: 'cancelled', partial: acc.result() };
    }
    // The SDK's iterator can end quietly when aborted: an ended stream is not proof of success.
    if (signal.aborted) return { kind: 'cancelled', partial: acc.result() };
    return { kind: 'done', turn: acc.result() };
  } catch (e) {
    if (signal.aborted) return { kind: 'cancelled', partial: acc.result() };
    // The port promises ModelError for every failure; anything else is a bug in the client, not the network.
    const error = e instanceof ModelError ? e : new ModelError(internalError('model_client', 'The model request failed', e), false);
    return { kind: 'failed', error, partial: acc.result() };
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
