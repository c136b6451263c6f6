import { guardedFetch } from '../../guarded-fetch';
import { contextLimitFromProvider } from '../../../agent/context-limit-error';
import { ModelError, isRetryableStatus } from '../../../agent/errors';
import { MAX_RETRY_AFTER_MS } from '../../../agent/retry';
import { isRecord } from '../../../domain/is-record';
import { isAbortError, makeAbortError } from '../../abort';
import { classifyError, hostOf, type ErrorContext } from '../../classify-error';
import { modelIds } from '../../list-models';
import { makeRedactor } from '../../redact';
import { retryAfterMs } from '../../retry-after';

/**
 * The API version sent. 2023-06-01 rather than 2026-10-21: the newer version refuses `temperature` and `top_p` even
 * at their defaults, and Anthropic-compatible servers and older Bedrock models speak only 2023-06-01; Toolscope sends
 * no sampling parameter the person did not set, so nothing else in the body depends on the choice.
 */
export const ANTHROPIC_VERSION = '2023-06-01';

/** Never follow more pages than this from a model list (a server repeating `has_more` forever). */
const MAX_MODEL_PAGES = 50;

type AnthropicConnection = {
  /** `https://api.anthropic.com`; a trailing `/v1` is accepted and dropped (the paths carry it). */
  readonly baseURL: string;
  readonly apiKey: string;
  /** Injectable for tests and for llm/guarded-fetch.ts; the global fetch otherwise. */
  readonly fetch?: typeof fetch;
};

/** The base URL without trailing slashes or `/v1`, so `${base}/v1/messages` is right whichever way it was typed. */
function anthropicBase(baseURL: string): string {
  return baseURL.trim().replace(/\/+$/, '').replace(/\/v1$/, '');
}

/**
 * The headers of every call. The key goes in `x-api-key` (no Authorization header), and Anthropic answers a page's
 * request only when it says `anthropic-dangerous-direct-browser-access` (docs/wire-formats.md, "Anthropic Messages requests").
 */
function requestHeaders(apiKey: string, json: boolean): Record<string, string> {
  return {
    'x-api-key': apiKey,
    'anthropic-version': ANTHROPIC_VERSION,
    'anthropic-dangerous-direct-browser-access': 'true',
    ...(json ? { 'content-type': 'application/json' } : {}),
  };
}

/**
 * Sends a Messages body and returns the response whose body is the event stream. Every failure is a `ModelError`
 * (an abort rejects with an AbortError): an error status is classified from Anthropic's error body.
 */
export async function postMessages(
  body: unknown,
  conn: AnthropicConnection,
  signal: AbortSignal,
  model?: string,
  /** Sent besides the format's own (a capture's route, docs/wire-capture.md). */
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const base = anthropicBase(conn.baseURL);
  const ctx: ErrorContext = {
    baseURL: base,
    operation: 'chat',
    redact: makeRedactor(conn.apiKey),
    signal,
    ...(model !== undefined ? { model } : {}),
  };
  const response = await send(conn, `${base}/v1/messages`, ctx, {
    method: 'POST',
    headers: { ...requestHeaders(conn.apiKey, true), ...extraHeaders },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw await errorOf(response, ctx);
  return response;
}

/** The model ids the key may use (`GET /v1/models`, every page), sorted. */
export async function listAnthropicModels(given: AnthropicConnection, signal?: AbortSignal): Promise<string[]> {
  const base = anthropicBase(given.baseURL);
  // The key goes in x-api-key, which a browser would carry to another origin after a redirect: refused first.
  const conn = { ...given, fetch: guardedFetch(base, given.fetch) };
  const ctx: ErrorContext = {
    baseURL: base,
    operation: 'models',
    redact: makeRedactor(conn.apiKey),
    ...(signal ? { signal } : {}),
  };
  const ids = new Set<string>();
  let after: string | null = null;
  for (let page = 0; page < MAX_MODEL_PAGES; page++) {
    const query = after === null ? '?limit=1000' : `?limit=1000&after_id=${encodeURIComponent(after)}`;
    const response = await send(conn, `${base}/v1/models${query}`, ctx, {
      method: 'GET',
      headers: requestHeaders(conn.apiKey, false),
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) throw await errorOf(response, ctx);
    const text = await response.text();
    const pageIds = modelIds(text);
    if (pageIds === null) {
      const message = `${base}/v1/models did not return a list of models. Check the base URL (https://api.anthropic.com).`;
      throw new ModelError({ fault: 'user', kind: 'bad_request', status: response.status, message }, false);
    }
    for (const id of pageIds) ids.add(id);
    const next = nextPage(text);
    if (next === null || next === after) break;
    after = next;
  }
  return [...ids].sort((a, b) => a.localeCompare(b));
}

/** `last_id` when the page says `has_more`, else null. */
function nextPage(text: string): string | null {
  const parsed: unknown = JSON.parse(text);
  if (!isRecord(parsed) || parsed.has_more !== true) return null;
  return typeof parsed.last_id === 'string' && parsed.last_id !== '' ? parsed.last_id : null;
}

async function send(conn: AnthropicConnection, url: string, ctx: ErrorContext, init: RequestInit): Promise<Response> {
  const fetchFn = conn.fetch ?? ((input: RequestInfo | URL, i?: RequestInit) => globalThis.fetch(input, i));
  try {
    return await fetchFn(url, init);
  } catch (err) {
    if (ctx.signal?.aborted || isAbortError(err)) throw makeAbortError();
    // All a browser reveals of a refused cross-origin request or a dead address is a TypeError.
    if (err instanceof TypeError) throw unreachable(ctx.baseURL);
    throw classifyError(err, ctx);
  }
}

function unreachable(base: string): ModelError {
  const message =
    `Could not reach ${base}: the address is wrong, the network is down, or the server does not accept requests ` +
    `from a web page. For Anthropic, the organisation may have turned off direct browser access for its API keys ` +
    `(an admin setting in the Claude Console).`;
  return new ModelError({ fault: 'user', kind: 'cors_or_unreachable', baseURL: base, message }, false);
}

async function errorOf(response: Response, ctx: ErrorContext): Promise<ModelError> {
  const text = await response.text().catch(() => '');
  return classifyAnthropicHttp(response.status, response.headers, text, ctx);
}

/**
 * An error answer as the loop's typed error. Anthropic's body is `{type:'error', error:{type, message}}`; 429 and 529
 * (overloaded) and other 5xx are retried, honouring Retry-After; a 400 about thinking says what to change.
 */
function classifyAnthropicHttp(status: number, headers: Headers, bodyText: string, ctx: ErrorContext): ModelError {
  const { type, said } = errorBody(bodyText, ctx.redact);
  const saidSuffix = said !== '' ? ` The provider said: ${said}` : '';
  const host = hostOf(ctx.baseURL);
  if (status === 401 || status === 403) {
    const what = status === 401 ? 'rejected the API key' : 'refused this API key access';
    const message = `${host} ${what} (HTTP ${status}). Check your API key in Settings.${saidSuffix}`;
    return new ModelError({ fault: 'user', kind: 'auth', status, message }, false);
  }
  if (status === 404) {
    if (ctx.operation === 'models') {
      const message = `Nothing answered at ${ctx.baseURL}/v1/models (HTTP 404). Check the base URL (https://api.anthropic.com).`;
      return new ModelError({ fault: 'user', kind: 'bad_request', status, message }, false);
    }
    const model = ctx.model ?? '';
    const message = `${host} has no model named "${model}" (HTTP 404). Check the model name.${saidSuffix}`;
    return new ModelError({ fault: 'user', kind: 'model_not_found', status, model, message }, false);
  }
  const tooLong = contextLimitFromProvider(status, type, said);
  if (tooLong) return new ModelError(tooLong, false);
  const wait = retryAfterMs(headers, ctx.now);
  const when = wait !== null && wait <= MAX_RETRY_AFTER_MS ? ` Retrying in ${Math.ceil(wait / 1000)} s.` : '';
  if (status === 429) {
    const message = `${host} is rate limiting requests (HTTP 429).${when}${saidSuffix}`;
    return new ModelError({ fault: 'system', kind: 'rate_limited', status, retryAfterMs: wait, message }, true, wait);
  }
  if (isRetryableStatus(status)) {
    const what = status === 529 ? 'is overloaded' : 'had a problem answering';
    const message = `${host} ${what} (HTTP ${status}).${when}${saidSuffix}`;
    return new ModelError({ fault: 'system', kind: 'server', status, message }, true, wait);
  }
  const advice = status === 400 ? thinkingAdvice(said) : '';
  const message = `${host} rejected the request (HTTP ${status}).${advice}${saidSuffix}`;
  return new ModelError({ fault: 'user', kind: 'bad_request', status, message }, false);
}

/** What to change when a 400 is about extended thinking; empty when it is about something else. */
function thinkingAdvice(said: string): string {
  if (!/thinking|signature|budget_tokens/i.test(said)) return '';
  if (/budget_tokens|max_tokens/i.test(said))
    return (
      ' The thinking budget does not fit: set "Thinking budget (tokens)" to at least 1024 and below ' +
      '"Max output tokens".'
    );
  if (/temperature|top_p|top_k/i.test(said))
    return ' Anthropic takes no Temperature or Top P with thinking on: clear them, or clear "Thinking budget (tokens)".';
  if (/signature|redacted_thinking|expected .?thinking|must start with a thinking|cannot be modified/i.test(said))
    return (
      ' The provider refused the thinking sent back with an earlier reply. Re-run from a step before the change, or ' +
      'clear "Thinking budget (tokens)" to continue without thinking.'
    );
  return ' This model may not think: clear "Thinking budget (tokens)" or choose a model that does.';
}

/** The error's `type` and message from Anthropic's body, redacted before it is cut; raw text when it is not JSON. */
function errorBody(text: string, redact: (t: string) => string): { type: string | null; said: string } {
  let type: string | null = null;
  let said = text;
  try {
    const parsed: unknown = JSON.parse(text);
    const error = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : null;
    if (error) {
      type = typeof error.type === 'string' ? error.type : null;
      said = typeof error.message === 'string' ? error.message : '';
    }
  } catch {
    // Not JSON (a proxy's HTML page): its text is all there is.
  }
  said = redact(said).trim();
  return { type, said: said.length > 400 ? `${said.slice(0, 400)}…` : said };
}
