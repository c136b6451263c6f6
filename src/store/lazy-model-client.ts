import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { ModelError } from '../agent/errors';
import type { ModelClient, ModelRequest, StreamOptions } from '../agent/model-client';

/**
 * A ModelClient whose implementation (the openai SDK) is fetched on the first request, so the SDK is
 * not part of the first page load. The options travel on whole: this wrapper has no business with them.
 */
export function lazyModelClient(load: () => Promise<ModelClient>): ModelClient {
  let client: Promise<ModelClient> | null = null;
  return {
    stream(request: ModelRequest, options: StreamOptions): AsyncIterable<ChatCompletionChunk> {
      return {
        async *[Symbol.asyncIterator]() {
          client ??= load().catch((err: unknown) => {
            // Not cached: the next request tries again (the page may be back online).
            client = null;
            throw loadFailure(err);
          });
          yield* (await client).stream(request, options);
        },
      };
    },
  };
}

/** The model client a run uses: the Chat Completions client over the SDK, loaded with the first request. */
export function runModelClient(connection: { apiKey: string; baseURL: string }): ModelClient {
  return lazyModelClient(() => import('../llm/openai-client').then((m) => m.createOpenAIClient(connection)));
}

/** The client's code is fetched from the page's host: failing to fetch it is a connection problem, worth a retry. */
function loadFailure(err: unknown): ModelError {
  const detail = err instanceof Error ? err.message : String(err);
  return new ModelError({ fault: 'system', kind: 'network', message: `Toolscope could not load its model client (${detail}). Check the connection, then retry.` }, true);
}
