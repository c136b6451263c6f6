import type { NativeModelClient } from '../../../agent/model-client';
import type { WireSettings } from '../../api-format';
import { wireCapture } from '../../wire-capture';
import { nativeClient } from '../native-client';
import { createGeminiAccumulator, isGeminiFinal } from './gemini-accumulator';
import { sendGeminiStream } from './gemini-http';
import { buildGeminiBody, geminiPrefixHash } from './generate-body';

type GeminiClientOptions = { apiKey: string; baseURL: string; fetch?: typeof fetch; wire: WireSettings };

/**
 * A `ModelClient` over Gemini's `streamGenerateContent?alt=sse`: the body is built from the conversation as the domain
 * holds it (each thoughtSignature back on its part, docs/wire-formats.md), sent by gemini-http.ts (redirect guard,
 * Google's errors) and read by the lean SSE reader; the loop folds the chunks with this format's reducer.
 */
export function createGeminiClient(options: GeminiClientOptions): NativeModelClient {
  const baseURL = options.baseURL.trim().replace(/\/+$/, '');
  // Inside the redirect guard gemini-http.ts adds, so each hop is captured as it went (docs/wire-capture.md).
  const capture = wireCapture({ keyVariable: 'GEMINI_API_KEY', ...(options.fetch ? { inner: options.fetch } : {}) });
  const conn = { apiKey: options.apiKey, baseURL, fetch: capture.fetch };
  const { wire } = options;
  return nativeClient(
    {
      wire: 'gemini',
      build: (conversation, request) =>
        buildGeminiBody(conversation, {
          model: request.model,
          ...(wire.maxOutputTokens !== undefined ? { maxOutputTokens: wire.maxOutputTokens } : {}),
          ...(wire.thinkingBudget !== undefined ? { thinkingBudget: wire.thinkingBudget } : {}),
          ...(typeof request.temperature === 'number' ? { temperature: request.temperature } : {}),
          ...(typeof request.top_p === 'number' ? { topP: request.top_p } : {}),
        }),
      prefixHash: geminiPrefixHash,
      send: (body, model, signal, headers) => sendGeminiStream(body, model, conn, signal, headers),
      isFinal: isGeminiFinal,
      accumulator: createGeminiAccumulator,
      partsOf: (turn) => turn.parts,
    },
    { apiKey: options.apiKey, baseURL, capture },
  );
}
