import type { Accumulator } from '../../../agent/accumulator';
import type { ModelRequest, NativeModelClient, StreamOptions } from '../../../agent/model-client';
import { isRecord } from '../../../domain/is-record';
import type { WireSettings } from '../../api-format';
import type { ErrorContext } from '../../classify-error';
import { guardedFetch } from '../../guarded-fetch';
import { LazySseStream } from '../../lazy-sse-stream';
import { makeRedactor } from '../../redact';
import { conversationOf } from '../chat-conversation';
import { postMessages } from './anthropic-http';
import { createAnthropicAccumulator, isAnthropicStreamFinal, type AnthropicEvent } from './anthropic-stream';
import { buildMessagesBody } from './messages-body';

type AnthropicClientOptions = { apiKey: string; baseURL: string; fetch?: typeof fetch; wire: WireSettings };

/**
 * A `ModelClient` over Anthropic Messages (`POST /v1/messages`): the body is built from the conversation as the domain
 * holds it (signed thinking sent back unchanged, docs/wire-formats.md), sent with plain fetch through the redirect
 * guard, and read by the lean SSE reader; the loop folds the events with this format's reducer.
 */
export function createAnthropicClient(options: AnthropicClientOptions): NativeModelClient {
  const redact = makeRedactor(options.apiKey);
  const baseURL = options.baseURL.trim().replace(/\/+$/, '');
  const conn = { apiKey: options.apiKey, baseURL, fetch: guardedFetch(baseURL, options.fetch) };
  return {
    wire: 'anthropic',
    stream(request: ModelRequest, streamOptions: StreamOptions): AsyncIterable<AnthropicEvent> {
      const ctx: ErrorContext = {
        baseURL,
        operation: 'chat',
        model: request.model,
        redact,
        signal: streamOptions.signal,
      };
      const { body } = buildMessagesBody(conversationOf(request, streamOptions.conversation), {
        model: request.model,
        ...(options.wire.maxOutputTokens !== undefined ? { maxOutputTokens: options.wire.maxOutputTokens } : {}),
        ...(options.wire.thinkingBudget !== undefined ? { thinkingBudget: options.wire.thinkingBudget } : {}),
        ...(options.wire.cachePrompt === true ? { cachePrompt: true } : {}),
        ...(typeof request.temperature === 'number' ? { temperature: request.temperature } : {}),
        ...(typeof request.top_p === 'number' ? { topP: request.top_p } : {}),
      });
      return {
        [Symbol.asyncIterator]: () =>
          new LazySseStream<AnthropicEvent>(
            (signal) => postMessages(body, conn, signal, request.model),
            isAnthropicStreamFinal,
            streamOptions,
            ctx,
          ),
      };
    },
    reducer: (model) => Promise.resolve(anthropicReducer(model)),
  };
}

/** The format's reducer, its turn carrying the reply's blocks as `wireParts` signed by `model`. */
function anthropicReducer(model: string): Accumulator<unknown> {
  const acc = createAnthropicAccumulator();
  return {
    // The reader yields parsed JSON; the reducer reads each event defensively, so only non-objects are skipped here.
    push: (event) => (isRecord(event) ? acc.push(event as AnthropicEvent) : []),
    result: () => {
      const turn = acc.result();
      return turn.content.length > 0
        ? { ...turn, wireParts: { format: 'anthropic', model, parts: turn.content } }
        : turn;
    },
  };
}
