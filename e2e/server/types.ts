import type { IncomingHttpHeaders } from 'node:http';
import type { ResponsesStep } from './responses-steps';

/** Token counts as OpenAI reports them; omitted fields are estimated from the text. */
export type StepUsage = { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };

/** Timing shared by every step that writes a streamed (or JSON) response. */
export type StepTiming = {
  /** Wait this long before the status line and headers go out (time to first byte). */
  firstByteDelayMs?: number;
  /** Wait this long before each SSE event after the first. */
  chunkDelayMs?: number;
};

type StreamedCommon = StepTiming & {
  /** Model name in the chunks; defaults to the request's `model`. */
  model?: string;
  /** Overrides the usage chunk's numbers (sent only when the request asked for `stream_options.include_usage`). */
  usage?: StepUsage;
  /** Report no usage at all, even when asked (some compatible servers never do), so the client must estimate. */
  omitUsage?: boolean;
  /** Extra response headers. */
  headers?: Record<string, string>;
};

export type TextStep = StreamedCommon & {
  kind: 'text';
  content: string;
  /** Split the content into this many chunks of near-equal length; by default one chunk per word. */
  chunks?: number;
  /** Streamed before the content, under `delta[reasoningKey]`. */
  reasoning?: string;
  reasoningKey?: 'reasoning_content' | 'reasoning';
  finish?: 'stop' | 'length';
  /**
   * The first output token's top logprobs, most likely first (a judge reads them); sent on a JSON (not streamed)
   * reply as `choices[0].logprobs.content[0]`, and only when the request asked for `logprobs`.
   */
  topLogprobs?: { token: string; logprob: number }[];
};

export type ToolCallSpec = {
  /** Defaults to `call_<n>`; unique per response. */
  id?: string;
  name: string;
  /** A string is sent as is (it may be invalid JSON on purpose); anything else is JSON.stringify'd. */
  arguments: string | Record<string, unknown> | unknown[];
};

export type ToolCallsStep = StreamedCommon & {
  kind: 'tool_calls';
  calls: ToolCallSpec[];
  /** Each call's arguments are split into this many fragments (default 3). */
  fragments?: number;
  /** Fragments of parallel calls alternate by index (default) or each call streams whole, in order. */
  order?: 'interleaved' | 'sequential';
  /** Content streamed before the calls. */
  text?: string;
  reasoning?: string;
  reasoningKey?: 'reasoning_content' | 'reasoning';
  /** Some providers say "stop" alongside tool calls; default "tool_calls". */
  finish?: 'tool_calls' | 'stop';
};

type HttpErrorStep = {
  kind: 'http_error';
  status: number;
  /** Defaults to a message like OpenAI's for the status. */
  message?: string;
  type?: string;
  code?: string | null;
  param?: string | null;
  /** Sets `retry-after` (seconds). */
  retryAfter?: number | string;
  /** Sets `retry-after-ms`. */
  retryAfterMs?: number;
  headers?: Record<string, string>;
  /** Replaces the JSON error body (e.g. an HTML page from a proxy). */
  rawBody?: string;
  firstByteDelayMs?: number;
};

/** A provider error inside a 200 stream, after optional partial text. */
export type StreamErrorStep = StreamedCommon & {
  kind: 'stream_error';
  /** `event`: an `event: error` SSE event (Groq style); `chunk`: a data chunk with a top-level `error` (OpenAI style). Default `chunk`. */
  style?: 'event' | 'chunk';
  message: string;
  type?: string;
  code?: string | number | null;
  /** Carried as `status_code` in the error object (Groq sends it). */
  statusCode?: number;
  /** Text streamed before the error. */
  textBefore?: string;
  /** Send `data: [DONE]` after the error (default: yes for `chunk`, no for `event`). */
  done?: boolean;
};

/** Sugar for a step with delays; wraps `step` (default: a short text answer). */
type SlowStep = { kind: 'slow'; firstByteDelayMs?: number; chunkDelayMs?: number; step?: Step };

/** The server destroys the socket: before any byte when `afterChunks` is undefined, else after that many SSE events of `step`. */
type DisconnectStep = { kind: 'disconnect'; afterChunks?: number; step?: Step };

/**
 * Sends nothing more until the client goes away. Without `afterChunks`, not even headers
 * (a time-to-first-byte timeout); with it, headers plus that many events of `step` (an idle-gap timeout).
 */
type HangStep = { kind: 'hang'; afterChunks?: number; step?: Step };

/**
 * A provider that keeps the connection alive while a model thinks: headers plus `afterChunks` events of
 * `step` (default 1, the role chunk; 0 sends only the headers first), then nothing but SSE comment lines
 * (`: <comment>`, each its own write) every `everyMs` (default 250) for `forMs`, then the rest of `step`
 * (default: a short text answer). Tests a client's time-to-first-byte and idle timers: comments must count.
 */
type KeepAliveStep = {
  kind: 'keep_alive';
  forMs: number;
  everyMs?: number;
  afterChunks?: number;
  /** The comment's text (default `keep-alive`; OpenRouter sends `OPENROUTER PROCESSING`). */
  comment?: string;
  step?: Step;
};

/**
 * An answer that stops where the test says and goes on when the test says: headers plus `afterChunks` events of
 * `step` (default: a short text answer), then it waits for `mock.release(gate)` (or the client going away); with a
 * list, it stops at each count in turn and each stop takes its own release. While it waits it sends an SSE comment
 * line every `everyMs` (default 5000), so the client's idle timer never fires. A stop at or past the last event
 * holds the end of the stream open (the client has everything but has not seen it end).
 */
type HoldStep = {
  kind: 'hold';
  afterChunks: number | readonly number[];
  /** Default `hold`. */
  gate?: string;
  everyMs?: number;
  step?: Step;
};

/** An SSE body sent as is, one event (blank-line separated block) per write. */
type RawStep = StepTiming & {
  kind: 'raw';
  /** The body; or `fixture`, a file name (with or without `.sse`) in src/agent/__fixtures__/openai-sse/. */
  body?: string;
  fixture?: string;
  status?: number;
  contentType?: string;
  headers?: Record<string, string>;
};

export type StaticStep =
  | TextStep
  | ToolCallsStep
  | HttpErrorStep
  | StreamErrorStep
  | SlowStep
  | DisconnectStep
  | HangStep
  | KeepAliveStep
  | HoldStep
  | RawStep;

/** Decides the response from the request (e.g. answer differently once tool results are in the history). */
type StepFn = (req: ChatRequest) => StaticStep | Promise<StaticStep>;

export type Step = StaticStep | StepFn;

/** Any request to any path, as received. */
export type RecordedRequest = {
  /** Position among all requests to this server. */
  seq: number;
  method: string;
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  path: string;
  query: Record<string, string>;
  /** Lower-cased names, as node gives them. */
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  body: unknown;
  /** Date.now() when the request head arrived. */
  receivedAt: number;
  /** Date.now() when the response ended or the connection closed; undefined while open. */
  closedAt?: number;
  /** How the exchange ended: `complete` (response sent), `client` (the client went away first), `server` (a disconnect step). */
  closedBy?: 'complete' | 'client' | 'server';
  /** Response status, once sent. */
  status?: number;
};

/** The JSON a client posts to /v1/chat/completions, loosely typed: tests send odd ones on purpose. */
export type ChatRequestBody = {
  model?: string;
  messages?: Array<{ role?: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string; name?: string }>;
  tools?: Array<{ type?: string; function?: { name?: string; description?: string; parameters?: unknown } }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean } | null;
  [key: string]: unknown;
};

export type ChatRequest = RecordedRequest & {
  /** Position among chat-completions requests (what `waitForDisconnect` takes). */
  index: number;
  body: ChatRequestBody;
  stream: boolean;
};

export type ServerEvent =
  | { kind: 'request'; seq: number; path: string; at: number }
  | { kind: 'closed'; seq: number; path: string; by: 'complete' | 'client' | 'server'; at: number };

type ModelEntry = { id: string; owned_by?: string; created?: number };

export type MockServerOptions = {
  /** 0 (default) picks a free port. */
  port?: number;
  /** When set, every /v1/* request must carry `Authorization: Bearer <apiKey>`; otherwise 401 in OpenAI's shape. */
  apiKey?: string;
  /** false: answer no CORS headers at all (an endpoint that does not allow browsers). Default true. */
  cors?: boolean;
  /** Served by GET /v1/models. */
  models?: Array<string | ModelEntry>;
  /** When true, a chat request naming a model not in `models` gets 404 model_not_found. */
  strictModels?: boolean;
  /** Answers chat requests when the script queue is empty. Default: the friendly echo responder. */
  defaultStep?: Step;
  /** Default dimension of /v1/embeddings vectors when the request does not give `dimensions` (256). */
  embeddingDimensions?: number;
  /** `hang`: /v1/embeddings sends nothing until the client goes away (a recall a person stops). Default: answer. */
  embeddings?: 'answer' | 'hang';
  /** The wire formats served (default both); a format left out answers 404 like a server without the route. */
  apis?: readonly ('chat' | 'responses')[];
};

export type MockServer = {
  /** Base URL for the OpenAI SDK, e.g. http://127.0.0.1:41234/v1 */
  readonly url: string;
  /** http://127.0.0.1:PORT (for /tools/* endpoints). */
  readonly origin: string;
  readonly port: number;
  /** Queue responses for the next chat-completions requests, one step per request, in order. */
  script(steps: Step[]): void;
  /** Queue answers for the next POST /v1/responses requests (Responses API streams), in order; see responses-steps.ts. */
  scriptResponses(steps: ResponsesStep[]): void;
  /** Steps queued and not yet used. */
  readonly pending: number;
  /** Change options on a running server (apiKey, cors, models, strictModels, defaultStep, embeddingDimensions). */
  configure(options: Omit<MockServerOptions, 'port'>): void;
  /** Chat-completions requests (and Responses requests, sharing one numbering), in arrival order. */
  readonly requests: readonly ChatRequest[];
  /** Every request to every path (including OPTIONS preflights), in arrival order. */
  readonly allRequests: readonly RecordedRequest[];
  readonly events: readonly ServerEvent[];
  /** Chat-completions requests that the client abandoned before the response ended. */
  readonly disconnects: number;
  /** Resolves with the chat request once the `index`-th one (0-based) has arrived. */
  waitForRequest(index: number, timeoutMs?: number): Promise<ChatRequest>;
  /** Resolves when the client has closed the connection of chat request `index` before the response ended. */
  waitForDisconnect(index: number, timeoutMs?: number): Promise<{ at: number }>;
  /** Resolves when the response of chat request `index` is over, however it ended. */
  waitForClose(index: number, timeoutMs?: number): Promise<{ at: number; by: 'complete' | 'client' | 'server' }>;
  /**
   * Every place `secret` appeared in any recorded request: `authorization` (the Authorization header),
   * `header:<name>` (any other header), `path`, `query` or `body`. For the "key goes only to /v1/* as
   * Authorization" invariant.
   */
  whereSent(secret: string): Array<{ seq: number; method: string; path: string; where: string }>;
  /**
   * Lets `count` (default 1) waits at `gate` (default `hold`) go on: a `hold` step's stop, or a `/tools/hold`
   * request. A release before anything waits is kept for the next arrival.
   */
  release(gate?: string, count?: number): void;
  /** Resolves once something waits at `gate` (default `hold`): the held answer has sent what comes before the stop. */
  waitForHold(gate?: string, timeoutMs?: number): Promise<void>;
  /** Forget recorded requests and events and queued steps. */
  reset(): void;
  close(): Promise<void>;
};
