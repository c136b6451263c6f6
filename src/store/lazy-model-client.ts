import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ModelClient, ModelRequest } from '../agent/model-client';

/**
 * A ModelClient whose implementation (the openai SDK) is fetched on the first request, so the SDK is
 * not part of the first page load.
 */
export function lazyModelClient(load: () => Promise<ModelClient>): ModelClient {
  let client: Promise<ModelClient> | null = null;
  return {
    stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ChatCompletionChunk> {
      return {
        async *[Symbol.asyncIterator]() {
          client ??= load();
          yield* (await client).stream(request, signal);
        },
      };
    },
  };
}
