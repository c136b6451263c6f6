import type OpenAI from 'openai';
import { ModelError } from '../agent/errors';
import type { ModelRequest, ResponsesModelClient, StreamOptions } from '../agent/model-client';
import { isTerminalResponsesEvent, type ResponsesEvent } from '../agent/responses-accumulator';
import type { WireSettings } from './api-format';
import { classifyError, hostOf, type ErrorContext } from './classify-error';
import { makeRedactor } from './redact';
import { buildResponsesRequest } from './responses-request';
import { DEFAULT_TIMEOUT_MS, createSdk, normalizeBaseURL, type ConnectionOptions } from './sdk-client';
import { readSSE } from './sse-reader';

export type ResponsesClientOptions = ConnectionOptions & { wire: WireSettings };

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
      const ctx: ErrorContext = { baseURL, operation: 'chat', model: request.model, redact, signal: streamOptions.signal, timeoutMs };
      const body = buildResponsesRequest(request, streamOptions.conversation, options.wire);
      return { [Symbol.asyncIterator]: () => new ResponsesStream(sdk, body, streamOptions, ctx) };
    },
  };
}

type Body = ReturnType<typeof buildResponsesRequest>;

/** Sends the request on the first `next()`, then hands every later call straight to the SSE reader. */
class ResponsesStream implements AsyncIterator<ResponsesEvent> {
  private body: AsyncIterator<ResponsesEvent> | null = null;
  private finished = false;

  constructor(
    private readonly sdk: OpenAI,
    private readonly request: Body,
    private readonly options: StreamOptions,
    private readonly ctx: ErrorContext,
  ) {}

  next(): Promise<IteratorResult<ResponsesEvent>> {
    if (this.body) return this.body.next();
    if (this.finished) return Promise.resolve({ done: true, value: undefined });
    return this.start();
  }

  async return(): Promise<IteratorResult<ResponsesEvent>> {
    this.finished = true;
    await this.body?.return?.();
    return { done: true, value: undefined };
  }

  private async start(): Promise<IteratorResult<ResponsesEvent>> {
    let response: Response;
    try {
      response = await this.sdk.responses.create(this.request, { signal: this.options.signal }).asResponse();
    } catch (err) {
      this.finished = true;
      throw classifyError(err, this.ctx);
    }
    if (!response.body) {
      this.finished = true;
      const status = response.status;
      throw new ModelError({ fault: 'system', kind: 'server', status, message: `${hostOf(this.ctx.baseURL)} answered with an empty body (HTTP ${status}).` }, true);
    }
    this.body = readSSE<ResponsesEvent>(response.body, {
      signal: this.options.signal,
      redact: this.ctx.redact,
      // No [DONE] in this format: the stream is whole once a terminal event arrived.
      isFinal: isTerminalResponsesEvent,
      ...(this.options.onActivity ? { onActivity: this.options.onActivity } : {}),
    });
    return this.body.next();
  }
}
