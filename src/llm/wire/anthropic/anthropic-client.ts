import type { NativeModelClient } from '../../../agent/model-client';
import type { WireSettings } from '../../api-format';
import { guardedFetch } from '../../guarded-fetch';
import { wireCapture } from '../../wire-capture';
import { nativeClient } from '../native-client';
import { postMessages } from './anthropic-http';
import { createAnthropicAccumulator, isAnthropicStreamFinal } from './anthropic-stream';
import { anthropicPrefixHash, buildMessagesBody } from './messages-body';

type AnthropicClientOptions = { apiKey: string; baseURL: string; fetch?: typeof fetch; wire: WireSettings };

/**
 * A `ModelClient` over Anthropic Messages (`POST /v1/messages`): the body is built from the conversation as the domain
 * holds it (signed thinking sent back unchanged, docs/wire-formats.md), sent with plain fetch through the redirect
 * guard, and read by the lean SSE reader; the loop folds the events with this format's reducer.
 */
export function createAnthropicClient(options: AnthropicClientOptions): NativeModelClient {
  const baseURL = options.baseURL.trim().replace(/\/+$/, '');
  // Innermost, so each redirect hop is captured as it went (docs/wire-capture.md).
  const capture = wireCapture({ keyVariable: 'ANTHROPIC_API_KEY', ...(options.fetch ? { inner: options.fetch } : {}) });
  const conn = { apiKey: options.apiKey, baseURL, fetch: guardedFetch(baseURL, capture.fetch) };
  const { wire } = options;
  return nativeClient(
    {
      wire: 'anthropic',
      build: (conversation, request) =>
        buildMessagesBody(conversation, {
          model: request.model,
          ...(wire.maxOutputTokens !== undefined ? { maxOutputTokens: wire.maxOutputTokens } : {}),
          ...(wire.thinkingBudget !== undefined ? { thinkingBudget: wire.thinkingBudget } : {}),
          ...(wire.cachePrompt === true ? { cachePrompt: true } : {}),
          ...(typeof request.temperature === 'number' ? { temperature: request.temperature } : {}),
          ...(typeof request.top_p === 'number' ? { topP: request.top_p } : {}),
        }),
      prefixHash: anthropicPrefixHash,
      send: (body, model, signal, headers) => postMessages(body, conn, signal, model, headers),
      isFinal: isAnthropicStreamFinal,
      accumulator: createAnthropicAccumulator,
      partsOf: (turn) => turn.content,
    },
    { apiKey: options.apiKey, baseURL, capture },
  );
}
