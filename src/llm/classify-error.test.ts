import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { describe, expect, it } from 'vitest';
import { ModelError } from '../agent/errors';
import { classifyError, type ErrorContext } from './classify-error';
import { makeRedactor } from './redact';
import { retryAfterMs } from './retry-after';

const KEY = 'sk-classify-987654321';
const ctx: ErrorContext = {
  baseURL: 'https://api.example.com/v1',
  operation: 'chat',
  model: 'm1',
  redact: makeRedactor(KEY),
  timeoutMs: 600_000,
};
const apiError = (status: number, body: object, headers: Record<string, string> = {}) =>
  APIError.generate(status, { error: body }, undefined, new Headers(headers));

function classified(err: unknown, c: ErrorContext = ctx): ModelError {
  const out = classifyError(err, c);
  expect(out).toBeInstanceOf(ModelError);
  return out as ModelError;
}

describe('classifyError', () => {
  it('maps statuses to kinds and retryability', () => {
    const table: Array<[number, string, boolean]> = [
      [400, 'bad_request', false],
      [401, 'auth', false],
      [403, 'auth', false],
      [404, 'model_not_found', false],
      [408, 'server', true],
      [409, 'server', true],
      [422, 'bad_request', false],
      [429, 'rate_limited', true],
      [500, 'server', true],
      [529, 'server', true],
    ];
    for (const [status, kind, retryable] of table) {
      const err = classified(apiError(status, { message: 'x' }));
      expect(err.info.kind, String(status)).toBe(kind);
      expect(err.retryable, String(status)).toBe(retryable);
    }
  });

  it('promises a retry only for a wait the loop honours (60 s at most)', () => {
    expect(classified(apiError(429, { message: 'x' }, { 'retry-after': '30' })).message).toContain('Retrying in 30 s.');
    const long = classified(apiError(429, { message: 'x' }, { 'retry-after': '7200' }));
    expect(long.retryAfterMs).toBe(7_200_000);
    expect(long.message).not.toMatch(/Retrying in/);
  });

  it('maps context-length rejections (code or wording, 400 or 413) to context_limit, not retryable', () => {
    const byCode = classified(
      apiError(400, { message: 'Please reduce the length of the messages.', code: 'context_length_exceeded' }),
    );
    expect(byCode.info).toMatchObject({ kind: 'context_limit', fault: 'user' });
    expect(byCode.retryable).toBe(false);
    const byText = classified(
      apiError(413, { message: `maximum context length is 8192 tokens, you requested 9000 tokens (key ${KEY})` }),
    );
    expect(byText.info).toMatchObject({ kind: 'context_limit', limitTokens: 8192, estimatedTokens: 9000 });
    expect(byText.message).not.toContain(KEY);
    expect(classified(apiError(400, { message: "Invalid value for 'temperature'" })).info.kind).toBe('bad_request');
  });

  it('honours Retry-After on 5xx too', () => {
    expect(classified(apiError(503, { message: 'x' }, { 'retry-after': '2' })).retryAfterMs).toBe(2000);
  });

  it('a 404 on the model list is a bad URL, not a missing model', () => {
    expect(classified(apiError(404, { message: 'x' }), { ...ctx, operation: 'models' }).info.kind).toBe('bad_request');
  });

  it('redacts the key from provider messages and from ModelErrors passing through', () => {
    const err = classified(apiError(400, { message: `bad ${KEY}` }));
    expect(err.message).not.toContain(KEY);
    const passed = classified(new ModelError({ fault: 'system', kind: 'network', message: `lost ${KEY}` }, true));
    expect(passed.message).toBe('lost [redacted]');
    expect(passed.retryable).toBe(true);
  });

  it('anything else thrown (not a response, not a lost connection) is an internal failure, redacted, not retried', () => {
    const err = classified(new TypeError(`Cannot read properties of undefined (key ${KEY})`));
    expect(err.info).toEqual({
      fault: 'system',
      kind: 'internal',
      step: 'model_client',
      message: 'The request failed unexpectedly: Cannot read properties of undefined (key [redacted])',
    });
    expect(err.retryable).toBe(false);
  });

  it('redacts a provider message before shortening it, so a key across the cut leaves no part of itself', () => {
    const err = classified(apiError(400, { message: `${'a'.repeat(395)}${KEY}` }));
    expect(err.message).not.toContain('sk-cl');
    expect(err.message).toContain('[reda');
  });

  it('aborts become AbortError, never ModelError', () => {
    for (const e of [new APIUserAbortError(), new DOMException('x', 'AbortError')]) {
      const out = classifyError(e, ctx);
      expect(out).not.toBeInstanceOf(ModelError);
      expect(out.name).toBe('AbortError');
    }
    const controller = new AbortController();
    controller.abort();
    expect(classifyError(new APIConnectionError({ message: 'x' }), { ...ctx, signal: controller.signal }).name).toBe(
      'AbortError',
    );
  });

  it('connection failure is cors_or_unreachable; SDK timeout is a first-byte timeout', () => {
    expect(
      classified(new APIConnectionError({ message: 'Connection error.', cause: new TypeError('Failed to fetch') }))
        .info,
    ).toMatchObject({
      kind: 'cors_or_unreachable',
      baseURL: ctx.baseURL,
    });
    expect(classified(new APIConnectionTimeoutError()).info).toMatchObject({
      kind: 'timeout',
      phase: 'first_byte',
      afterMs: 600_000,
    });
  });
});

describe('retryAfterMs', () => {
  const h = (o: Record<string, string>) => new Headers(o);
  it('reads retry-after-ms, seconds (with fractions) and HTTP dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs(h({ 'retry-after-ms': '1500', 'retry-after': '9' }), now)).toBe(1500);
    expect(retryAfterMs(h({ 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterMs(h({ 'retry-after': '0.5' }), now)).toBe(500);
    expect(retryAfterMs(h({ 'retry-after': 'Wed, 01 Jan 2025 00:00:10 GMT' }), now)).toBe(10_000);
    expect(retryAfterMs(h({ 'retry-after': 'Tue, 31 Dec 2024 23:59:00 GMT' }), now)).toBe(0);
  });
  it('ignores absent, garbage, negative and absurd values', () => {
    expect(retryAfterMs(h({}))).toBeNull();
    expect(retryAfterMs(undefined)).toBeNull();
    expect(retryAfterMs(h({ 'retry-after': 'soon' }))).toBeNull();
    expect(retryAfterMs(h({ 'retry-after': '-4' }))).toBeNull();
    expect(retryAfterMs(h({ 'retry-after': '99999999' }))).toBeNull();
  });
});
