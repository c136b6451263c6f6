import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';

/** The request the loop builds; exactly the Chat Completions body sent on the wire. */
export type ModelRequest = ChatCompletionCreateParamsStreaming;

/**
 * Everything about one request besides its body. One object, so a wrapper (a lazy loader, a
 * recorder) forwards all of it by passing it on whole, and a new option cannot be dropped by a
 * wrapper that only knew the old ones.
 */
export type StreamOptions = {
  /** Aborting it stops the request promptly and closes the HTTP connection. */
  readonly signal: AbortSignal;
  /**
   * Called when the connection shows life without yielding a chunk (an SSE keep-alive comment, part
   * of a long event). The loop's first-byte and idle timers count it, so a model that thinks for
   * minutes behind a proxy sending keep-alives is not cut off.
   */
  readonly onActivity?: () => void;
};

/**
 * What the loop needs from a model provider. Implementations throw `ModelError` (errors.ts)
 * for every failure, including a provider error sent inside a 200 stream, and stop promptly
 * (closing the HTTP connection) when `options.signal` aborts.
 */
export interface ModelClient {
  stream(request: ModelRequest, options: StreamOptions): AsyncIterable<ChatCompletionChunk>;
}
