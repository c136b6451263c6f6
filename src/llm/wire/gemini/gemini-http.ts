import { contextLimitFromProvider } from '../../../agent/context-limit-error';
import { ModelError, isRetryableStatus } from '../../../agent/errors';
import { MAX_RETRY_AFTER_MS } from '../../../agent/retry';
import { isRecord } from '../../../domain/is-record';
import { isAbortError, makeAbortError } from '../../abort';
import { classifyError, hostOf, unreachable, type ErrorContext } from '../../classify-error';
import { guardedFetch, RedirectRefusedError } from '../../guarded-fetch';
import { makeRedactor } from '../../redact';
import { retryAfterMs } from '../../retry-after';
import type { GeminiBody } from './generate-body';

/** Google's endpoint for the Gemini API; a key from AI Studio works here. */
const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com';

/** Where and with what key; `fetch` is injectable so tests go through a real local server. */
type GeminiConnection = { baseURL: string; apiKey: string; fetch?: typeof fetch };

/** At most this many pages of models: a server handing out page tokens forever cannot keep the list open. */
const MAX_MODEL_PAGES = 20;

/** The base without a trailing slash or API version, so a pasted `…/v1beta` (or the OpenAI layer's) still works. */
function geminiBase(baseURL: string): string {
  return baseURL
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/v1beta(\/openai)?$/, '');
}

export function geminiStreamURL(baseURL: string, model: string): string {
  const id = model.replace(/^models\//, '');
  return `${geminiBase(baseURL)}/v1beta/models/${encodeURIComponent(id)}:streamGenerateContent?alt=sse`;
}

/** The key goes in Google's own header; no `Authorization`, which would make Google read it as an OAuth token. */
function headers(apiKey: string, json: boolean): Record<string, string> {
  return { ...(json ? { 'content-type': 'application/json' } : {}), 'x-goog-api-key': apiKey };
}

/**
 * Sends the body and resolves with the response once it is a 200 whose stream can be read (sse-reader's job).
 * Everything else rejects: a `ModelError` in Google's words, or an AbortError when `signal` aborted.
 */
export async function sendGeminiStream(
  body: GeminiBody,
  model: string,
  conn: GeminiConnection,
  signal: AbortSignal,
  /** Sent besides the format's own (a capture's route, docs/wire-capture.md). */
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const ctx = context(conn, 'chat', signal, model);
  const res = await call(conn, ctx, geminiStreamURL(conn.baseURL, model), {
    method: 'POST',
    headers: { ...headers(conn.apiKey, true), ...extraHeaders },
    body: JSON.stringify(body),
    signal,
  });
  if (res.ok) return res;
  throw classifyGeminiHttp(res.status, res.headers, await res.text().catch(() => ''), ctx);
}

/**
 * The models this key may call (GET /v1beta/models, every page): ids without `models/`, only those that can
 * generateContent (embedding and other models are left out), sorted and without repeats.
 */
export async function listGeminiModels(conn: GeminiConnection, signal?: AbortSignal): Promise<string[]> {
  const ctx = context(conn, 'models', signal);
  const ids = new Set<string>();
  let token = '';
  for (let page = 0; page < MAX_MODEL_PAGES; page++) {
    const query = `pageSize=1000${token !== '' ? `&pageToken=${encodeURIComponent(token)}` : ''}`;
    const url = `${geminiBase(conn.baseURL)}/v1beta/models?${query}`;
    const res = await call(conn, ctx, url, {
      method: 'GET',
      headers: headers(conn.apiKey, false),
      ...(signal ? { signal } : {}),
    });
    const text = await res.text().catch(() => '');
    if (!res.ok) throw classifyGeminiHttp(res.status, res.headers, text, ctx);
    const parsed = parseJson(text);
    if (!isRecord(parsed) || (parsed.models !== undefined && !Array.isArray(parsed.models))) {
      const message = `${url.split('?')[0]} did not return a list of models. Check the base URL: for Google it is ${GEMINI_BASE_URL}.`;
      throw new ModelError({ fault: 'user', kind: 'bad_request', status: res.status, message }, false);
    }
    for (const m of Array.isArray(parsed.models) ? parsed.models : []) {
      if (!isRecord(m) || typeof m.name !== 'string') continue;
      const methods = m.supportedGenerationMethods;
      if (Array.isArray(methods) && methods.includes('generateContent')) ids.add(m.name.replace(/^models\//, ''));
    }
    const next = parsed.nextPageToken;
    if (typeof next !== 'string' || next === '' || next === token) break;
    token = next;
  }
  return [...ids].sort((a, b) => a.localeCompare(b));
}

function context(
  conn: GeminiConnection,
  operation: ErrorContext['operation'],
  signal?: AbortSignal,
  model?: string,
): ErrorContext {
  return {
    baseURL: geminiBase(conn.baseURL),
    operation,
    redact: makeRedactor(conn.apiKey),
    ...(signal ? { signal } : {}),
    ...(model !== undefined ? { model } : {}),
  };
}

async function call(conn: GeminiConnection, ctx: ErrorContext, url: string, init: RequestInit): Promise<Response> {
  const send = guardedFetch(ctx.baseURL, conn.fetch ?? ((...args) => globalThis.fetch(...args)));
  try {
    return await send(url, init);
  } catch (err) {
    if (ctx.signal?.aborted || isAbortError(err)) throw makeAbortError();
    if (err instanceof RedirectRefusedError) throw classifyError(err, ctx);
    // fetch's TypeError is all a browser says about a refused connection or a missing CORS header.
    throw unreachable(ctx);
  }
}

type GoogleError = {
  code: number | null;
  status: string;
  message: string;
  reasons: string[];
  retryDelayMs: number | null;
};

/** `{error:{code, message, status, details}}`; Google's older endpoints wrap it in an array. */
function readGoogleError(bodyText: string): GoogleError | null {
  let parsed = parseJson(bodyText);
  if (Array.isArray(parsed)) parsed = parsed[0];
  const e = isRecord(parsed) ? parsed.error : undefined;
  if (!isRecord(e)) return null;
  const reasons: string[] = [];
  let retryDelayMs: number | null = null;
  for (const d of Array.isArray(e.details) ? e.details : []) {
    if (!isRecord(d)) continue;
    if (typeof d.reason === 'string') reasons.push(d.reason);
    // RetryInfo says "37s" (a protobuf Duration in JSON).
    const delay = typeof d.retryDelay === 'string' ? /^(\d+(?:\.\d+)?)s$/.exec(d.retryDelay) : null;
    if (delay?.[1] !== undefined) retryDelayMs = Math.round(Number(delay[1]) * 1000);
  }
  return {
    code: typeof e.code === 'number' ? e.code : null,
    status: typeof e.status === 'string' ? e.status : '',
    message: typeof e.message === 'string' ? e.message : '',
    reasons,
    retryDelayMs,
  };
}

const KEY_REASONS = /^API_KEY_(INVALID|EXPIRED|SERVICE_BLOCKED|HTTP_REFERRER_BLOCKED|IP_ADDRESS_BLOCKED)$/;
/** Gemini's wording for a prompt over the model's window ("The input token count (N) exceeds the maximum ..."). */
const TOO_LONG = /input token count.*exceeds the maximum/i;
const SIGNATURE = /thought_?signature/i;

/**
 * An HTTP error from the Gemini API as the loop's `ModelError`, in Google's words. Google answers a bad key with 400
 * (reason API_KEY_INVALID), not 401, so the reason decides; 429 RESOURCE_EXHAUSTED and 5xx are retried, after
 * Retry-After or Google's RetryInfo delay.
 */
export function classifyGeminiHttp(status: number, headers: Headers, bodyText: string, ctx: ErrorContext): ModelError {
  const google = readGoogleError(bodyText);
  let said = ctx.redact(google?.message ?? bodyText).trim();
  if (said.length > 400) said = `${said.slice(0, 400)}…`;
  const label = google?.status ? `HTTP ${status} ${google.status}` : `HTTP ${status}`;
  const saidSuffix = said !== '' ? ` Google said: ${said}` : '';
  const host = hostOf(ctx.baseURL);
  const reasons = google?.reasons ?? [];
  if (status === 401 || status === 403 || reasons.some((r) => KEY_REASONS.test(r))) {
    const what = status === 403 ? 'refused this API key access' : 'rejected the API key';
    const message = `${host} ${what} (${label}). Check your API key in Settings.${saidSuffix}`;
    return new ModelError({ fault: 'user', kind: 'auth', status, message }, false);
  }
  if (status === 404) {
    if (ctx.operation === 'models') {
      const message = `Nothing answered at ${ctx.baseURL}/v1beta/models (${label}). Check the base URL: for Google it is ${GEMINI_BASE_URL}.`;
      return new ModelError({ fault: 'user', kind: 'bad_request', status, message }, false);
    }
    const model = ctx.model ?? '';
    const message = `${host} has no model named "${model}" (${label}). Check the model name.${saidSuffix}`;
    return new ModelError({ fault: 'user', kind: 'model_not_found', status, model, message }, false);
  }
  const tooLong = contextLimitFromProvider(status, TOO_LONG.test(said) ? 'context_length_exceeded' : null, said);
  if (tooLong) return new ModelError(tooLong, false);
  const wait = retryAfterMs(headers, ctx.now) ?? google?.retryDelayMs ?? null;
  if (status === 429) {
    // A longer wait is not honoured: the loop says so itself (agent/retry.ts waitTooLongInfo).
    const when = wait !== null && wait <= MAX_RETRY_AFTER_MS ? ` Retrying in ${Math.ceil(wait / 1000)} s.` : '';
    const message = `${host} is rate limiting requests or the quota is used up (${label}).${when}${saidSuffix}`;
    return new ModelError({ fault: 'system', kind: 'rate_limited', status, retryAfterMs: wait, message }, true, wait);
  }
  if (isRetryableStatus(status)) {
    const message = `${host} had a problem answering (${label}).${saidSuffix}`;
    return new ModelError({ fault: 'system', kind: 'server', status, message }, true, wait);
  }
  const advice = SIGNATURE.test(said)
    ? ' Gemini wants each thoughtSignature of the current turn sent back as it came; re-run the turn from its user message.'
    : '';
  const message = `${host} rejected the request (${label}).${saidSuffix}${advice}`;
  return new ModelError({ fault: 'user', kind: 'bad_request', status, message }, false);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
