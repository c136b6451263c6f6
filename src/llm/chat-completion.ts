import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { classifyError } from './classify-error';
import { makeRedactor } from './redact';
import { createSdk, normalizeBaseURL, type ConnectionOptions } from './sdk-client';

/** One whole (not streamed) Chat Completions request; a failure rejects with the same words a run's error has. */
export type CompleteChat = (
  request: Omit<ChatCompletionCreateParamsNonStreaming, 'stream'>,
  signal: AbortSignal,
) => Promise<ChatCompletion>;

/** Sent by the SDK like every other call (same redirect and error guards, same redaction of the key). */
export function createCompleteChat(options: ConnectionOptions): CompleteChat {
  const sdk = createSdk(options);
  const redact = makeRedactor(options.apiKey);
  const baseURL = normalizeBaseURL(options.baseURL);
  return async (request, signal) => {
    try {
      return await sdk.chat.completions.create({ ...request, stream: false }, { signal });
    } catch (e) {
      const error = classifyError(e, { baseURL, operation: 'chat', model: request.model, redact, signal });
      throw error instanceof Error ? error : new Error(String(error));
    }
  };
}
