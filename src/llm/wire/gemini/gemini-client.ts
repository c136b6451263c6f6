import type { Accumulator } from '../../../agent/accumulator';
import type { ModelRequest, NativeModelClient, StreamOptions } from '../../../agent/model-client';
import { isRecord } from '../../../domain/is-record';
import type { WireSettings } from '../../api-format';
import type { ErrorContext } from '../../classify-error';
import { LazySseStream } from '../../lazy-sse-stream';
import { makeRedactor } from '../../redact';
import { conversationOf } from '../chat-conversation';
import { createGeminiAccumulator, isGeminiFinal } from './gemini-accumulator';
import { sendGeminiStream } from './gemini-http';
import type { GeminiStreamChunk } from './gemini-stream-types';
import { buildGeminiBody } from './generate-body';

type GeminiClientOptions = { apiKey: string; baseURL: string; fetch?: typeof fetch; wire: WireSettings };

/**
 * A `ModelClient` over Gemini's `streamGenerateContent?alt=sse`: the body is built from the conversation as the domain
 * holds it (each thoughtSignature back on its part, docs/wire-formats.md), sent by gemini-http.ts (redirect guard,
 * Google's errors) and read by the lean SSE reader; the loop folds the chunks with this format's reducer.
 */
export function createGeminiClient(options: GeminiClientOptions): NativeModelClient {
  const redact = makeRedactor(options.apiKey);
  const baseURL = options.baseURL.trim().replace(/\/+$/, '');
  const conn = { apiKey: options.apiKey, baseURL, ...(options.fetch ? { fetch: options.fetch } : {}) };
  return {
    wire: 'gemini',
    stream(request: ModelRequest, streamOptions: StreamOptions): AsyncIterable<GeminiStreamChunk> {
      const ctx: ErrorContext = {
        baseURL,
        operation: 'chat',
        model: request.model,
        redact,
        signal: streamOptions.signal,
      };
      const { body } = buildGeminiBody(conversationOf(request, streamOptions.conversation), {
        model: request.model,
        ...(options.wire.maxOutputTokens !== undefined ? { maxOutputTokens: options.wire.maxOutputTokens } : {}),
        ...(options.wire.thinkingBudget !== undefined ? { thinkingBudget: options.wire.thinkingBudget } : {}),
        ...(typeof request.temperature === 'number' ? { temperature: request.temperature } : {}),
        ...(typeof request.top_p === 'number' ? { topP: request.top_p } : {}),
      });
      return {
        [Symbol.asyncIterator]: () =>
          new LazySseStream<GeminiStreamChunk>(
            (signal) => sendGeminiStream(body, request.model, conn, signal),
            isGeminiFinal,
            streamOptions,
            ctx,
          ),
      };
    },
    reducer: (model) => Promise.resolve(geminiReducer(model)),
  };
}

/** The format's reducer, its turn carrying the reply's parts as `wireParts` signed by `model`. */
function geminiReducer(model: string): Accumulator<unknown> {
  const acc = createGeminiAccumulator();
  return {
    // The reader yields parsed JSON; the reducer reads each chunk defensively, so only non-objects are skipped here.
    push: (chunk) => (isRecord(chunk) ? acc.push(chunk as GeminiStreamChunk) : []),
    result: () => {
      const turn = acc.result();
      return turn.parts.length > 0 ? { ...turn, wireParts: { format: 'gemini', model, parts: turn.parts } } : turn;
    },
  };
}
