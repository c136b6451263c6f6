/**
 * Every failure the loop can report, grouped by who has to act:
 * the user (key, URL, model, CORS, limits), the model (bad output), or the system (network, provider, storage,
 * and Toolscope itself: `internal`). `ErrorInfo` is plain data so it can travel in events, IndexedDB and exports.
 */
export type ErrorInfo =
  | { fault: 'user'; kind: 'auth'; status: number; message: string }
  | { fault: 'user'; kind: 'model_not_found'; status: number; model: string; message: string }
  | { fault: 'user'; kind: 'bad_request'; status: number; message: string }
  | { fault: 'user'; kind: 'cors_or_unreachable'; baseURL: string; message: string }
  | { fault: 'user'; kind: 'context_limit'; limitTokens: number; estimatedTokens: number; message: string }
  /** The base URL answered with a redirect to another origin, which was not followed. `to` is null when the browser hides where. */
  | { fault: 'user'; kind: 'redirect_refused'; from: string; to: string | null; message: string }
  | { fault: 'system'; kind: 'rate_limited'; status: number; retryAfterMs: number | null; message: string }
  | { fault: 'system'; kind: 'server'; status: number; message: string }
  /** The connection itself failed: lost, reset, cut mid-stream. */
  | { fault: 'system'; kind: 'network'; message: string }
  | { fault: 'system'; kind: 'timeout'; phase: 'first_byte' | 'idle'; afterMs: number; message: string }
  | { fault: 'system'; kind: 'provider_stream_error'; status: number | null; code: string | null; message: string }
  | { fault: 'system'; kind: 'storage'; message: string }
  /** A bug in Toolscope or one of its own steps failing; `step` says which, so the copy can say what was kept. */
  | { fault: 'system'; kind: 'internal'; step: InternalStep; message: string }
  | { fault: 'model'; kind: 'empty_response'; message: string }
  | { fault: 'model'; kind: 'content_filter'; message: string };

export type ErrorKind = ErrorInfo['kind'];

/** loop: the agent loop threw; compaction: preparing the context failed; start: the run could not start; model_client: the client broke its contract. */
export type InternalStep = 'loop' | 'compaction' | 'start' | 'model_client';
