import type { ModelRequest, ResponsesModelClient, StreamOptions } from '../agent/model-client';
import { isTerminalResponsesEvent, type ResponsesEvent } from '../agent/responses-accumulator';
import type { WireSettings } from './api-format';
import type { ErrorContext } from './classify-error';
import { LazySseStream } from './lazy-sse-stream';
import { makeRedactor } from './redact';
import { buildResponsesRequest } from './responses-request';
import { DEFAULT_TIMEOUT_MS, createSdk, normalizeBaseURL, type ConnectionOptions } from './sdk-client';

type ResponsesClientOptions = ConnectionOptions & { wire: WireSettings };

/**
 * A `ModelClient` over the Responses API (`POST /responses`). Like the Chat Completions client, the
 * SDK builds and sends the request and classifies HTTP errors, and the lean SSE reader reads the body;
 * the loop folds the events with the Responses reducer (agent/responses-accumulator.ts).
 */
export function createResponsesClient(options: ResponsesClientOptions): ResponsesModelClient {
  const sdk = createSdk(options);
  const redact = makeRedactor(options.apiKey);
  const baseURL = normalizeBaseURL(options.baseURL);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    wire: 'responses',
    stream(request: ModelRequest, streamOptions: StreamOptions): AsyncIterable<ResponsesEvent> {
      const ctx: ErrorContext = {
        baseURL,
        operation: 'chat',
        model: request.model,
        redact,
        signal: streamOptions.signal,
        timeoutMs,
      };
      const body = buildResponsesRequest(request, streamOptions.conversation, options.wire);
      return {
        [Symbol.asyncIterator]: () =>
          new LazySseStream<ResponsesEvent>(
            (signal) => sdk.responses.create(body, { signal }).asResponse(),
            isTerminalResponsesEvent,
            streamOptions,
            ctx,
          ),
      };
    },
  };
}
