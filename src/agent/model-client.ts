import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';

/** The request the loop builds; exactly the Chat Completions body sent on the wire. */
export type ModelRequest = ChatCompletionCreateParamsStreaming;

/**
 * What the loop needs from a model provider. Implementations throw `ModelError` (errors.ts)
 * for every failure, including a provider error sent inside a 200 stream, and stop promptly
 * (closing the HTTP connection) when `signal` aborts.
 */
export interface ModelClient {
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ChatCompletionChunk>;
}
