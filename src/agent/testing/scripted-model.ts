import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { ModelError } from '../errors';
import type { ChatModelClient, ModelRequest } from '../model-client';

/** What one request answers. */
export type ScriptStep = {
  chunks: ChatCompletionChunk[];
  /** Wait before each chunk (ms, by index; fake timers advance it). */
  delaysMs?: number[];
  /** After the chunks: throw this, or hang until aborted, instead of ending. */
  then?: { throw: ModelError } | 'hang';
  /** On abort: throw like fetch does (default), or end quietly like the SDK's iterator can. */
  onAbort?: 'throw' | 'end';
  /** Ignore the signal entirely (a misbehaving client), so only the loop's own race can save the run. */
  ignoreSignal?: boolean;
};

export type ScriptedModel = ChatModelClient & {
  /** Every request, deep-copied at the time it was made. */
  requests: ModelRequest[];
  /** The signal passed with each request. */
  signals: AbortSignal[];
};

function wait(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

const abortError = () => new DOMException('This operation was aborted', 'AbortError');

/** A model client that plays `steps` in order, one per request, and fails loudly when they run out. */
export function scriptedModel(steps: (ScriptStep | ModelError)[]): ScriptedModel {
  const queue = steps.slice();
  const requests: ModelRequest[] = [];
  const signals: AbortSignal[] = [];
  return {
    requests,
    signals,
    stream(request, { signal }) {
      requests.push(structuredClone(request));
      signals.push(signal);
      const step = queue.shift();
      return (async function* () {
        if (step === undefined) throw new Error(`scripted model: no step left for request #${requests.length}`);
        if (step instanceof ModelError) throw step;
        const watched = step.ignoreSignal ? null : signal;
        const aborted = () => watched !== null && watched.aborted;
        const onAbort = () => {
          if (step.onAbort === 'end') return;
          throw abortError();
        };
        for (let i = 0; i < step.chunks.length; i++) {
          await wait(step.delaysMs?.[i] ?? 0, watched);
          if (aborted()) return onAbort();
          const chunk = step.chunks[i];
          if (chunk) yield chunk;
          if (aborted()) return onAbort();
        }
        if (step.then === 'hang') {
          await new Promise<void>((resolve) => watched?.addEventListener('abort', () => resolve(), { once: true }));
          return onAbort();
        }
        if (step.then) throw step.then.throw;
      })();
    },
  };
}

type ChunkOpts = {
  finish?: string | null;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
};

export function chunk(delta: Record<string, unknown> | null, opts: ChunkOpts = {}): ChatCompletionChunk {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'test-model',
    choices: delta === null ? [] : [{ index: 0, delta, finish_reason: opts.finish ?? null, logprobs: null }],
    ...(opts.usage ? { usage: opts.usage } : {}),
  } as ChatCompletionChunk;
}

const usageChunk = (prompt: number, completion: number) =>
  chunk(null, { usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } });

/** A plain answer streamed in pieces, with a usage chunk unless `usage: false`. */
export function textReply(
  pieces: string[],
  opts: { usage?: [number, number] | false; finish?: string } = {},
): ScriptStep {
  const chunks = [
    chunk({ role: 'assistant', content: '' }),
    ...pieces.map((p) => chunk({ content: p })),
    chunk({}, { finish: opts.finish ?? 'stop' }),
  ];
  if (opts.usage !== false) chunks.push(usageChunk(...(opts.usage ?? [10, 5])));
  return { chunks };
}

/** Tool calls as OpenAI streams them: id and name first, then the arguments in two pieces. */
export function toolCallsReply(
  calls: { id: string; name: string; args: string }[],
  opts: { usage?: [number, number] | false; finish?: string; text?: string } = {},
): ScriptStep {
  const chunks = [chunk({ role: 'assistant', content: opts.text ?? null })];
  calls.forEach((c, index) => {
    const cut = Math.floor(c.args.length / 2);
    chunks.push(
      chunk({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] }),
    );
    chunks.push(chunk({ tool_calls: [{ index, function: { arguments: c.args.slice(0, cut) } }] }));
    chunks.push(chunk({ tool_calls: [{ index, function: { arguments: c.args.slice(cut) } }] }));
  });
  chunks.push(chunk({}, { finish: opts.finish ?? 'tool_calls' }));
  if (opts.usage !== false) chunks.push(usageChunk(...(opts.usage ?? [20, 8])));
  return { chunks };
}

export function httpError(status: number, message: string, retryAfterMs: number | null = null): ModelError {
  if (status === 401) return new ModelError({ fault: 'user', kind: 'auth', status, message }, false);
  if (status === 400) return new ModelError({ fault: 'user', kind: 'bad_request', status, message }, false);
  if (status === 429)
    return new ModelError({ fault: 'system', kind: 'rate_limited', status, retryAfterMs, message }, true, retryAfterMs);
  return new ModelError({ fault: 'system', kind: 'server', status, message }, status >= 500, retryAfterMs);
}

export const networkError = (message = 'fetch failed') =>
  new ModelError({ fault: 'system', kind: 'network', message }, true);
