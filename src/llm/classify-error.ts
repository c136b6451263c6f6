import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { contextLimitFromProvider } from '../agent/context-limit-error';
import { ModelError, internalError, isRetryableStatus } from '../agent/errors';
import { MAX_RETRY_AFTER_MS } from '../agent/retry';
import { isAbortError, makeAbortError } from './abort';
import { RedirectRefusedError } from './guarded-fetch';
import { redactModelError } from './redact';
import { retryAfterMs } from './retry-after';

export type ErrorContext = {
  baseURL: string;
  /** Which call failed: a 404 means "no such model" for chat and embeddings, "wrong URL" for the model list. */
  operation: 'chat' | 'embeddings' | 'models';
  model?: string;
  redact: (text: string) => string;
  signal?: AbortSignal;
  /** Request timeout configured on the SDK client, reported when the SDK gives up waiting. */
  timeoutMs?: number;
  now?: number;
};

const CORS_HELP =
  'The endpoint must allow requests from a web page (CORS): OpenAI, OpenRouter, Groq and Together do; ' +
  "a local server (Ollama, LM Studio, vLLM) needs CORS enabled for this page's origin (for Ollama, set OLLAMA_ORIGINS).";

/**
 * Maps anything a request can throw to a `ModelError` with a message a person can act on, or to an
 * AbortError when the caller cancelled (cancellation is not a failure and must not be retried).
 * Provider text is passed through `redact` so an echoed API key never leaves here.
 */
export function classifyError(err: unknown, ctx: ErrorContext): ModelError | DOMException {
  if (err instanceof ModelError) return redactModelError(err, ctx.redact);
  if (ctx.signal?.aborted || err instanceof APIUserAbortError || isAbortError(err)) return makeAbortError();
  if (err instanceof APIConnectionTimeoutError) {
    const afterMs = ctx.timeoutMs ?? 0;
    return new ModelError(
      {
        fault: 'system',
        kind: 'timeout',
        phase: 'first_byte',
        afterMs,
        message: `${hostOf(ctx.baseURL)} did not answer within ${Math.round(afterMs / 1000)} s.`,
      },
      true,
    );
  }
  // Thrown by our own fetch (guarded-fetch.ts); the SDK wraps it like any failed fetch.
  const redirect = err instanceof APIConnectionError ? err.cause : err;
  if (redirect instanceof RedirectRefusedError) return redirectRefused(redirect);
  // The SDK wraps fetch's TypeError ("Failed to fetch", which is all a browser reveals about CORS) in APIConnectionError.
  if (err instanceof APIConnectionError) return unreachable(ctx);
  if (err instanceof APIError && typeof err.status === 'number') return fromStatus(err, err.status, ctx);
  // Transport failures arrive as APIConnectionError above; what is left is the SDK or Toolscope breaking.
  return new ModelError(
    internalError(
      'model_client',
      'The request failed unexpectedly',
      ctx.redact(err instanceof Error ? err.message : String(err)),
    ),
    false,
  );
}

function redirectRefused(r: RedirectRefusedError): ModelError {
  const message =
    r.to === null
      ? `${r.from} answered with a redirect, and the browser does not show where to. Toolscope does ` +
        `not send the conversation on to an address it cannot check, so the request was stopped. Set ` +
        `the base URL to the address the server redirects to (curl -i shows it in the Location header).`
      : `${r.from} redirected the request to ${r.to} (HTTP ${r.status ?? 'redirect'}). Toolscope does ` +
        `not follow a redirect to another origin, so nothing was sent to ${r.to}. If you trust ${r.to}, ` +
        `use it as the base URL.`;
  // The same request gets the same redirect: not worth a retry.
  return new ModelError({ fault: 'user', kind: 'redirect_refused', from: r.from, to: r.to, message }, false);
}

export function unreachable(ctx: ErrorContext): ModelError {
  const message = `Could not reach ${ctx.baseURL}: the server is down, the address is wrong, or it does not allow requests from this page. ${CORS_HELP}`;
  // No response at all: a retry rarely helps (CORS and wrong addresses are permanent) and would only delay this message.
  return new ModelError({ fault: 'user', kind: 'cors_or_unreachable', baseURL: ctx.baseURL, message }, false);
}

function fromStatus(err: APIError, status: number, ctx: ErrorContext): ModelError {
  const said = providerMessage(err, ctx.redact);
  const saidSuffix = said ? ` The provider said: ${said}` : '';
  const host = hostOf(ctx.baseURL);
  if (status === 401 || status === 403) {
    const what = status === 401 ? 'rejected the API key' : 'refused this API key access';
    return new ModelError(
      {
        fault: 'user',
        kind: 'auth',
        status,
        message: `${host} ${what} (HTTP ${status}). Check your API key in Settings.${saidSuffix}`,
      },
      false,
    );
  }
  if (status === 404 && ctx.operation !== 'models') {
    const model = ctx.model ?? '';
    const message =
      `${host} has no model named "${model}" (HTTP 404). Check the model name, and that the base ` +
      `URL is right (it usually ends in /v1).${saidSuffix}`;
    return new ModelError({ fault: 'user', kind: 'model_not_found', status, model, message }, false);
  }
  if (status === 404) {
    const message = `Nothing answered at ${ctx.baseURL}/models (HTTP 404). Check the base URL; for OpenAI-compatible servers it usually ends in /v1.`;
    return new ModelError({ fault: 'user', kind: 'bad_request', status, message }, false);
  }
  const tooLong = contextLimitFromProvider(status, typeof err.code === 'string' ? err.code : null, said);
  if (tooLong) return new ModelError(tooLong, false);
  const wait = retryAfterMs(err.headers, ctx.now);
  if (status === 429) {
    // OpenAI answers 429 when the account has no credits left; waiting does not fix that.
    if (err.code === 'insufficient_quota') {
      return new ModelError(
        {
          fault: 'system',
          kind: 'rate_limited',
          status,
          retryAfterMs: null,
          message: `The account behind this API key has no quota or credits left (HTTP 429).${saidSuffix}`,
        },
        false,
      );
    }
    // A longer wait is not honoured: the loop says so itself (agent/retry.ts waitTooLongInfo).
    const when = wait !== null && wait <= MAX_RETRY_AFTER_MS ? ` Retrying in ${Math.ceil(wait / 1000)} s.` : '';
    return new ModelError(
      {
        fault: 'system',
        kind: 'rate_limited',
        status,
        retryAfterMs: wait,
        message: `${host} is rate limiting requests (HTTP 429).${when}${saidSuffix}`,
      },
      true,
      wait,
    );
  }
  if (isRetryableStatus(status)) {
    return new ModelError(
      {
        fault: 'system',
        kind: 'server',
        status,
        message: `${host} had a problem answering (HTTP ${status}).${saidSuffix}`,
      },
      true,
      wait,
    );
  }
  return new ModelError(
    {
      fault: 'user',
      kind: 'bad_request',
      status,
      message: `${host} rejected the request (HTTP ${status}).${saidSuffix}`,
    },
    false,
  );
}

function providerMessage(err: APIError, redact: (t: string) => string): string {
  const body = err.error;
  let text: string;
  if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string') {
    text = (body as { message: string }).message;
  } else {
    // The SDK prefixes its message with the status ("404 status code (no body)"); the status is already in ours.
    text = err.message.replace(/^\d{3}\s+/, '');
    if (/^status code \(no body\)$/.test(text)) text = '';
  }
  // Redacted before the cut, so a key straddling it cannot survive in part.
  text = redact(text).trim();
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

export function hostOf(baseURL: string): string {
  try {
    return new URL(baseURL).host;
  } catch {
    return baseURL;
  }
}
