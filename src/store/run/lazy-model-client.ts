import { ModelError } from '../../agent/errors';
import type {
  BuiltBody,
  ChatModelClient,
  Conversation,
  ModelClient,
  ModelRequest,
  NativeModelClient,
  ResponsesModelClient,
} from '../../agent/model-client';
import type { WireSettings } from '../../llm/api-format';
import { isDemoBaseURL } from '../../llm/known-providers';

/**
 * A ModelClient whose implementation (the openai SDK) is fetched on the first request, so the SDK is
 * not part of the first page load. The options travel on whole: this wrapper has no business with them.
 */
export function lazyModelClient(load: () => Promise<ChatModelClient>): ChatModelClient {
  const get = cached(load);
  return { stream: (request, options) => deferred(async () => (await get()).stream(request, options)) };
}

/** The Responses client, loaded the same way: its reader and request builder come with the first request. */
function lazyResponsesClient(load: () => Promise<ResponsesModelClient>): ResponsesModelClient {
  const get = cached(load);
  return {
    wire: 'responses',
    bodyFor: async (request, options) => ownBody(await get(), request, options),
    stream: (request, options) => deferred(async () => (await get()).stream(request, options)),
  };
}

/**
 * An Anthropic or Gemini client, loaded the same way: its body builder, reader and reducer come with the first request,
 * so a format's code loads only when a session uses it (docs/wire-formats.md).
 */
function lazyNativeClient(wire: NativeModelClient['wire'], load: () => Promise<NativeModelClient>): NativeModelClient {
  const get = cached(load);
  return {
    wire,
    bodyFor: async (request, options) => ownBody(await get(), request, options),
    stream: (request, options) => deferred(async () => (await get()).stream(request, options)),
    reducer: async (model) => (await get()).reducer(model),
  };
}

/** The loaded client's own body; every client these wrappers load builds one. */
function ownBody(
  client: ResponsesModelClient | NativeModelClient,
  request: ModelRequest,
  options: { readonly conversation?: Conversation },
): Promise<BuiltBody> {
  if (!client.bodyFor) throw new Error(`The ${client.wire} client shows no body before sending.`);
  return client.bodyFor(request, options);
}

function cached<C>(load: () => Promise<C>): () => Promise<C> {
  let client: Promise<C> | null = null;
  return () =>
    (client ??= load().catch((err: unknown) => {
      // Not cached: the next request tries again (the page may be back online).
      client = null;
      throw loadFailure(err);
    }));
}

function deferred<T>(open: () => Promise<AsyncIterable<T>>): AsyncIterable<T> {
  return {
    async *[Symbol.asyncIterator]() {
      yield* await open();
    },
  };
}

/** The model client a run uses, for the session's wire format (Chat Completions, Responses, Anthropic, Gemini), loaded with the first request. */
export function runModelClient(connection: { apiKey: string; baseURL: string }): ChatModelClient;
export function runModelClient(connection: { apiKey: string; baseURL: string; wire?: WireSettings }): ModelClient;
export function runModelClient(connection: { apiKey: string; baseURL: string; wire?: WireSettings }): ModelClient {
  const { wire, ...conn } = connection;
  // The demo model runs in the page and speaks Chat Completions whatever the session chose; its script loads with
  // its first request (architecture.md, "The demo model").
  if (isDemoBaseURL(conn.baseURL))
    return lazyModelClient(() => import('../../llm/demo-model').then((m) => m.createDemoModelClient()));
  const chat = () => lazyModelClient(() => import('../../llm/openai-client').then((m) => m.createOpenAIClient(conn)));
  if (!wire) return chat();
  // One case per wire format: a format added to ApiFormat does not compile until it has its client here.
  switch (wire.format) {
    case 'chat':
      return chat();
    case 'responses':
      return lazyResponsesClient(() =>
        import('../../llm/responses-client').then((m) => m.createResponsesClient({ ...conn, wire })),
      );
    case 'anthropic':
      return lazyNativeClient('anthropic', () =>
        import('../../llm/wire/anthropic/anthropic-client').then((m) => m.createAnthropicClient({ ...conn, wire })),
      );
    case 'gemini':
      return lazyNativeClient('gemini', () =>
        import('../../llm/wire/gemini/gemini-client').then((m) => m.createGeminiClient({ ...conn, wire })),
      );
    default:
      return unknownFormat(wire.format);
  }
}

function unknownFormat(format: never): never {
  throw new Error(`No model client for the API format ${String(format)}.`);
}

/** The client's code is fetched from the page's host: failing to fetch it is a connection problem, worth a retry. */
function loadFailure(err: unknown): ModelError {
  const detail = err instanceof Error ? err.message : String(err);
  return new ModelError(
    {
      fault: 'system',
      kind: 'network',
      message: `Toolscope could not load its model client (${detail}). Check the connection, then retry.`,
    },
    true,
  );
}
