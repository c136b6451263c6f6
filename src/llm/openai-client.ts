import type OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { ModelError } from '../agent/errors';
import type { ChatModelClient, ModelRequest, StreamOptions } from '../agent/model-client';
import { classifyError, hostOf, type ErrorContext } from './classify-error';
import { makeRedactor } from './redact';
import { DEFAULT_TIMEOUT_MS, createSdk, normalizeBaseURL, type ConnectionOptions } from './sdk-client';
import { readSSE } from './sse-reader';

export type OpenAIClientOptions = ConnectionOptions;

/**
 * A `ModelClient` over Chat Completions. The SDK builds and sends the request and reports HTTP
 * errors; the body is read by our SSE reader rather than the SDK's iterator, which is several times
 * slower and drops `reasoning_content` (see bench/). Aborting `signal` aborts the fetch, which
 * closes the connection whether the request is waiting for headers or streaming.
 */
export function createOpenAIClient(options: OpenAIClientOptions): ChatModelClient {
  const sdk = createSdk(options);
  const redact = makeRedactor(options.apiKey);
  const baseURL = normalizeBaseURL(options.baseURL);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    stream(request: ModelRequest, options: StreamOptions): AsyncIterable<ChatCompletionChunk> {
      const ctx: ErrorContext = { baseURL, operation: 'chat', model: request.model, redact, signal: options.signal, timeoutMs };
      return { [Symbol.asyncIterator]: () => new ChatStream(sdk, request, options, ctx) };
    },
  };
}

/** Sends the request on the first `next()`, then hands every later call straight to the SSE reader. */
class ChatStream implements AsyncIterator<ChatCompletionChunk> {
  private body: AsyncIterator<ChatCompletionChunk> | null = null;
  private finished = false;

  constructor(
    private readonly sdk: OpenAI,
    private readonly request: ModelRequest,
    private readonly options: StreamOptions,
    private readonly ctx: ErrorContext,
  ) {}

  next(): Promise<IteratorResult<ChatCompletionChunk>> {
    if (this.body) return this.body.next();
    if (this.finished) return Promise.resolve({ done: true, value: undefined });
    return this.start();
  }

  async return(): Promise<IteratorResult<ChatCompletionChunk>> {
    this.finished = true;
    await this.body?.return?.();
    return { done: true, value: undefined };
  }

  private async start(): Promise<IteratorResult<ChatCompletionChunk>> {
    let response: Response;
    try {
      response = await this.sdk.chat.completions.create(this.request, { signal: this.options.signal }).asResponse();
    } catch (err) {
      this.finished = true;
      throw classifyError(err, this.ctx);
    }
    if (!response.body) {
      this.finished = true;
      // The connection worked; the server answered wrongly (a 204, say): its problem, worth another try.
      const status = response.status;
      throw new ModelError({ fault: 'system', kind: 'server', status, message: `${hostOf(this.ctx.baseURL)} answered with an empty body (HTTP ${status}).` }, true);
    }
    this.body = readSSE<ChatCompletionChunk>(response.body, {
      signal: this.options.signal,
      redact: this.ctx.redact,
      isFinal: hasFinishReason,
      ...(this.options.onActivity ? { onActivity: this.options.onActivity } : {}),
    });
    return this.body.next();
  }
}

/** A chunk that ends a choice. Some servers omit [DONE]; none omits this on a complete reply. */
function hasFinishReason(chunk: unknown): boolean {
  const choices = (chunk as { choices?: unknown }).choices;
  if (!Array.isArray(choices)) return false;
  for (const c of choices) if (typeof c === 'object' && c !== null && (c as { finish_reason?: unknown }).finish_reason != null) return true;
  return false;
}
