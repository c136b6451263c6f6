import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { LeftOutNote } from '../domain/left-out-note';
import type { ChatMessage } from '../domain/messages';
import type { WireSink } from '../domain/wire-exchange';
import type { Accumulator } from './accumulator';
import type { ResponsesEvent } from './responses-accumulator';
import type { ToolSpec } from './tool-executor';

/** The request the loop builds; exactly the Chat Completions body sent on the wire. */
export type ModelRequest = ChatCompletionCreateParamsStreaming;

/**
 * The history a request was built from, in Toolscope's own terms. A client for another wire format
 * (the Responses API) builds its body from this, since the Chat Completions body has no place for
 * what that format must send back (encrypted reasoning items).
 */
export type Conversation = {
  /** The messages the request carries (summaries standing in for what they cover). */
  readonly messages: readonly ChatMessage[];
  readonly systemPrompt?: string;
  readonly tools: readonly ToolSpec[];
};

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
  /** The history behind `request`; absent for one-off requests (a summary), which the body alone describes. */
  readonly conversation?: Conversation;
  /**
   * Called once the client has built the body it is about to send, before the request goes out: what the body left
   * out of the history and why (docs/wire-formats.md, "What is kept verbatim"): for Chat Completions and Responses,
   * what another format's replies hold that their body cannot carry.
   */
  readonly onSent?: (sent: SentBody) => void;
  /**
   * The body to send as is, in the client's own format: the one `bodyFor` built, as a person edited it at a pause
   * (docs/debugging.md, "Breakpoints"). Absent: the client builds it. Only clients with `bodyFor` read it.
   */
  readonly body?: unknown;
  /**
   * Where this request's exchange goes as it went over the wire, once finished (docs/wire-capture.md): a client is
   * shared by many requests, so each request brings its own sink. Absent: nothing is captured.
   */
  readonly capture?: WireSink;
};

/** What a client says of the body it built: what it left out, and the hash its reply's `wireParts` keep. */
export type SentBody = {
  readonly leftOut: readonly LeftOutNote[];
  /** The hash of what the reply answers (the format's prefix hash), stored as `wireParts.prefixHash`. */
  readonly prefixHash?: string;
};

/** The body a client that builds its own would send for a request, and what it says of it (as `onSent` would). */
export type BuiltBody = SentBody & { readonly body: unknown };

/**
 * A client that builds its own body from the conversation (Responses, Anthropic Messages, Gemini) shows it before
 * sending, so a pause shows and edits the body in its own format; `StreamOptions.body` then sends the edit.
 */
type OwnBody = {
  bodyFor?(request: ModelRequest, options: { readonly conversation?: Conversation }): Promise<BuiltBody>;
};

/**
 * What the loop needs from a model provider. Implementations throw `ModelError` (errors.ts)
 * for every failure, including a provider error sent inside a 200 stream, and stop promptly
 * (closing the HTTP connection) when `options.signal` aborts.
 */
export interface ChatModelClient {
  /** Absent means Chat Completions. */
  readonly wire?: 'chat';
  stream(request: ModelRequest, options: StreamOptions): AsyncIterable<ChatCompletionChunk>;
}

/** The Responses API behind the same port: same request and options, its own event stream. */
export interface ResponsesModelClient extends OwnBody {
  readonly wire: 'responses';
  stream(request: ModelRequest, options: StreamOptions): AsyncIterable<ResponsesEvent>;
}

/**
 * A wire format whose reducer comes with its client's code (Anthropic Messages, Gemini), so the format's decoder loads
 * only when a session uses it (docs/wire-formats.md). The stream yields the format's parsed events (a list per network read); `reducer(model)`
 * folds them into the loop's deltas and a turn whose `wireParts` say that `model` signed them.
 */
export type NativeModelClient = NativeClientOf<'anthropic'> | NativeClientOf<'gemini'>;

/** One member per format, so a check of `wire` narrows like the other clients'. */
type NativeClientOf<W extends string> = OwnBody & {
  readonly wire: W;
  stream(request: ModelRequest, options: StreamOptions): AsyncIterable<unknown>;
  reducer(model: string): Promise<Accumulator<unknown>>;
};

export type ModelClient = ChatModelClient | ResponsesModelClient | NativeModelClient;
