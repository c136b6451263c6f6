import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ChatModelClient, ModelRequest, StreamOptions } from '../agent/model-client';
import { leftOutOfRebuilt } from '../agent/left-out-of-format';
import type { ErrorContext } from './classify-error';
import { LazySseStream } from './lazy-sse-stream';
import { makeRedactor } from './redact';
import { DEFAULT_TIMEOUT_MS, createSdk, normalizeBaseURL, type ConnectionOptions } from './sdk-client';
import { wireCapture } from './wire-capture';

type OpenAIClientOptions = ConnectionOptions;

/**
 * A `ModelClient` over Chat Completions. The SDK builds and sends the request and reports HTTP
 * errors; the body is read by our SSE reader rather than the SDK's iterator, which is several times
 * slower and drops `reasoning_content` (see bench/). Aborting `signal` aborts the fetch, which
 * closes the connection whether the request is waiting for headers or streaming.
 */
export function createOpenAIClient(options: OpenAIClientOptions): ChatModelClient {
  // Each request's exchange reaches its own sink through the capturing fetch (docs/wire-capture.md).
  const capture = wireCapture({ keyVariable: 'OPENAI_API_KEY', ...(options.fetch ? { inner: options.fetch } : {}) });
  const sdk = createSdk({ ...options, fetch: capture.fetch });
  const redact = makeRedactor(options.apiKey);
  const baseURL = normalizeBaseURL(options.baseURL);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    stream(request: ModelRequest, options: StreamOptions): AsyncIterable<ChatCompletionChunk> {
      const ctx: ErrorContext = {
        baseURL,
        operation: 'chat',
        model: request.model,
        redact,
        signal: options.signal,
        timeoutMs,
      };
      // Another format's signed thinking, thought signatures or encrypted reasoning cannot go in a Chat Completions
      // body: said on the step (docs/wire-formats.md, "What is kept verbatim").
      options.onSent?.({ leftOut: leftOutOfRebuilt(options.conversation?.messages ?? [], 'chat') });
      return {
        [Symbol.asyncIterator]: () =>
          new LazySseStream<ChatCompletionChunk>(
            (signal) =>
              capture.routed(options.capture, (headers) =>
                sdk.chat.completions.create(request, { signal, headers }).asResponse(),
              ),
            hasFinishReason,
            options,
            ctx,
          ),
      };
    },
  };
}

/** A chunk that ends a choice. Some servers omit [DONE]; none omits this on a complete reply. */
function hasFinishReason(chunk: unknown): boolean {
  const choices = (chunk as { choices?: unknown }).choices;
  if (!Array.isArray(choices)) return false;
  for (const c of choices)
    if (typeof c === 'object' && c !== null && (c as { finish_reason?: unknown }).finish_reason != null) return true;
  return false;
}
