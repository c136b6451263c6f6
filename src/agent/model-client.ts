import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';

/** The request the loop builds; exactly the Chat Completions body sent on the wire. */
export type ModelRequest = ChatCompletionCreateParamsStreaming;

/**
 * What the loop needs from a model provider. Implementations throw `ModelError` (errors.ts)
 * for every failure, including a provider error sent inside a 200 stream, and stop promptly
 * (closing the HTTP connection) when `signal` aborts.
 */
export interface ModelClient {
  stream(request: ModelRequest, signal: AbortSignal, hooks?: StreamHooks): AsyncIterable<ChatCompletionChunk>;
}

export type StreamHooks = {
  /**
   * Called when the connection shows life without yielding a chunk (an SSE keep-alive comment, part
   * of a long event). The loop's first-byte and idle timers count it, so a model that thinks for
   * minutes behind a proxy sending keep-alives is not cut off.
   */
  onActivity?: () => void;
};
