import { leftOutOfRebuilt } from '../agent/left-out-of-format';
import type { ResponseCreateParamsStreaming } from 'openai/resources/responses/responses';
import type { ModelRequest, ResponsesModelClient, StreamOptions } from '../agent/model-client';
import { isTerminalResponsesEvent, type ResponsesEvent } from '../agent/responses-accumulator';
import type { WireSettings } from './api-format';
import type { ErrorContext } from './classify-error';
import { LazySseStream } from './lazy-sse-stream';
import { makeRedactor } from './redact';
import { buildResponsesRequest } from './responses-request';
import { DEFAULT_TIMEOUT_MS, createSdk, normalizeBaseURL, type ConnectionOptions } from './sdk-client';
import { wireCapture } from './wire-capture';

type ResponsesClientOptions = ConnectionOptions & { wire: WireSettings };

/**
 * A `ModelClient` over the Responses API (`POST /responses`). Like the Chat Completions client, the
 * SDK builds and sends the request and classifies HTTP errors, and the lean SSE reader reads the body;
 * the loop folds the events with the Responses reducer (agent/responses-accumulator.ts).
 */
export function createResponsesClient(options: ResponsesClientOptions): ResponsesModelClient {
  // Each request's exchange reaches its own sink through the capturing fetch (docs/wire-capture.md).
  const capture = wireCapture({ keyVariable: 'OPENAI_API_KEY', ...(options.fetch ? { inner: options.fetch } : {}) });
  const sdk = createSdk({ ...options, fetch: capture.fetch });
  const redact = makeRedactor(options.apiKey);
  const baseURL = normalizeBaseURL(options.baseURL);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    wire: 'responses',
    bodyFor: (request, { conversation }) =>
      Promise.resolve({
        body: buildResponsesRequest(request, conversation, options.wire),
        leftOut: leftOutOfRebuilt(conversation?.messages ?? [], 'responses'),
      }),
    stream(request: ModelRequest, streamOptions: StreamOptions): AsyncIterable<ResponsesEvent> {
      const ctx: ErrorContext = {
        baseURL,
        operation: 'chat',
        model: request.model,
        redact,
        signal: streamOptions.signal,
        timeoutMs,
      };
      // A body edited at a pause goes as it is (docs/debugging.md, "Breakpoints").
      const body =
        streamOptions.body === undefined
          ? buildResponsesRequest(request, streamOptions.conversation, options.wire)
          : (streamOptions.body as ResponseCreateParamsStreaming);
      // Another format's signed thinking or thought signatures cannot go in this body: said on the step.
      streamOptions.onSent?.({ leftOut: leftOutOfRebuilt(streamOptions.conversation?.messages ?? [], 'responses') });
      return {
        [Symbol.asyncIterator]: () =>
          new LazySseStream<ResponsesEvent>(
            (signal) =>
              capture.routed(streamOptions.capture, (headers) =>
                sdk.responses.create(body, { signal, headers }).asResponse(),
              ),
            isTerminalResponsesEvent,
            streamOptions,
            ctx,
          ),
      };
    },
  };
}
