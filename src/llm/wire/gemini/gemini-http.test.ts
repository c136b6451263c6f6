import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelError } from '../../../agent/errors';
import { sendJSON, startSSE, startTestServer, type TestServer } from '../../testing/http-server';
import { classifyGeminiHttp, geminiStreamURL, listGeminiModels, sendGeminiStream } from './gemini-http';
import type { GeminiBody } from './generate-body';

const KEY = 'AIzaSy-test-key-0123456789';
let server: TestServer;
let base: string;
let sent = 0;
/** The injected fetch: counts, so a test can see the connection went through it. */
const countingFetch: typeof fetch = (input, init) => {
  sent++;
  return globalThis.fetch(input, init);
};

beforeAll(async () => {
  server = await startTestServer();
  base = server.baseURL.replace(/\/v1$/, '');
});
afterAll(() => server.close());

const conn = () => ({ baseURL: base, apiKey: KEY, fetch: countingFetch });
const BODY: GeminiBody = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };
const send = (model = 'gemini-3-pro-preview') => sendGeminiStream(BODY, model, conn(), new AbortController().signal);

async function failure(p: Promise<unknown>): Promise<ModelError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ModelError);
  return err as ModelError;
}

/** Google's error body, as generativelanguage.googleapis.com sends it. */
const googleError = (code: number, status: string, message: string, details: unknown[] = []) => ({
  error: { code, message, status, details },
});

describe('sendGeminiStream', () => {
  it('POSTs the body to streamGenerateContent?alt=sse with x-goog-api-key and no Authorization', async () => {
    server.handle((_req, res) => {
      startSSE(res);
      res.end('data: {"candidates":[{"content":{"parts":[{"text":"hello"}]},"finishReason":"STOP"}]}\n\n');
    });
    const before = sent;
    const res = await send('models/gemini-3-pro-preview');
    expect(await res.text()).toContain('"hello"');
    expect(sent).toBe(before + 1);
    const seen = server.requests.at(-1);
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/v1beta/models/gemini-3-pro-preview:streamGenerateContent?alt=sse');
    expect(seen?.headers['x-goog-api-key']).toBe(KEY);
    expect(seen?.headers.authorization).toBeUndefined();
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen?.body ?? '')).toEqual(BODY);
  });

  it('takes a base URL pasted with its API version', () => {
    expect(geminiStreamURL('https://generativelanguage.googleapis.com/v1beta/', 'gemini-2.5-flash')).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    );
    expect(geminiStreamURL('https://generativelanguage.googleapis.com/v1beta/openai', 'x')).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/x:streamGenerateContent?alt=sse',
    );
  });

  it('a bad key (400 API_KEY_INVALID) is a key problem, with the key never repeated', async () => {
    server.handle((_req, res) =>
      sendJSON(
        res,
        400,
        googleError(400, 'INVALID_ARGUMENT', `API key not valid. Please pass a valid API key. (${KEY})`, [
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' },
        ]),
      ),
    );
    const err = await failure(send());
    expect(err.info).toMatchObject({ fault: 'user', kind: 'auth', status: 400 });
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('API key not valid');
    expect(err.message).toContain('HTTP 400 INVALID_ARGUMENT');
    expect(err.message).not.toContain(KEY);
  });

  it('429 RESOURCE_EXHAUSTED is retried after Retry-After, or after Google RetryInfo delay', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 429, googleError(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted'), { 'retry-after': '7' }),
    );
    let err = await failure(send());
    expect(err.info).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 7000 });
    expect(err.retryable).toBe(true);
    expect(err.retryAfterMs).toBe(7000);
    expect(err.message).toContain('Resource has been exhausted');

    server.handle((_req, res) =>
      sendJSON(
        res,
        429,
        googleError(429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota', [
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '12s' },
        ]),
      ),
    );
    err = await failure(send());
    expect(err.retryAfterMs).toBe(12000);
  });

  it('5xx is a retryable server error in Google words; an array-wrapped body is read too', async () => {
    server.handle((_req, res) => sendJSON(res, 503, [googleError(503, 'UNAVAILABLE', 'The model is overloaded.')]));
    const err = await failure(send());
    expect(err.info).toMatchObject({ fault: 'system', kind: 'server', status: 503 });
    expect(err.retryable).toBe(true);
    expect(err.message).toContain('HTTP 503 UNAVAILABLE');
    expect(err.message).toContain('The model is overloaded.');
  });

  it('404 names the model; 403 is a key problem; other 400s are bad requests with Google words', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 404, googleError(404, 'NOT_FOUND', 'models/gemini-9 is not found for API version v1beta')),
    );
    let err = await failure(send('gemini-9'));
    expect(err.info).toMatchObject({ kind: 'model_not_found', model: 'gemini-9', status: 404 });

    server.handle((_req, res) =>
      sendJSON(res, 403, googleError(403, 'PERMISSION_DENIED', 'Method doesn’t allow unregistered callers')),
    );
    err = await failure(send());
    expect(err.info).toMatchObject({ kind: 'auth', status: 403 });

    server.handle((_req, res) =>
      sendJSON(
        res,
        400,
        googleError(400, 'INVALID_ARGUMENT', 'Function call is missing a thought_signature in functionCall parts.'),
      ),
    );
    err = await failure(send());
    expect(err.info).toMatchObject({ fault: 'user', kind: 'bad_request', status: 400 });
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('missing a thought_signature');
    expect(err.message).toContain('re-run the turn');

    server.handle((_req, res) =>
      sendJSON(
        res,
        400,
        googleError(
          400,
          'INVALID_ARGUMENT',
          'The input token count (1048577) exceeds the maximum number of tokens allowed (1048576).',
        ),
      ),
    );
    err = await failure(send());
    expect(err.info.kind).toBe('context_limit');
  });

  it('a server that is not there is unreachable; an abort is an AbortError', async () => {
    const gone = await startTestServer();
    const url = gone.baseURL;
    await gone.close();
    const err = await failure(sendGeminiStream(BODY, 'm', { baseURL: url, apiKey: KEY }, new AbortController().signal));
    expect(err.info.kind).toBe('cors_or_unreachable');

    server.handle(() => undefined);
    const controller = new AbortController();
    const pending = sendGeminiStream(BODY, 'm', conn(), controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('does not follow a redirect to another origin', async () => {
    server.handle((_req, res) => {
      res.writeHead(307, { location: 'http://elsewhere.invalid/steal' });
      res.end();
    });
    const err = await failure(send());
    expect(err.info).toMatchObject({ kind: 'redirect_refused', to: 'http://elsewhere.invalid' });
  });
});

describe('listGeminiModels', () => {
  it('reads every page, keeps models that generate content, and drops the models/ prefix', async () => {
    server.handle((req, res) => {
      const page = new URL(req.url ?? '', 'http://x').searchParams.get('pageToken');
      if (page === null)
        sendJSON(res, 200, {
          models: [
            { name: 'models/gemini-2.5-flash', supportedGenerationMethods: ['generateContent', 'countTokens'] },
            { name: 'models/text-embedding-004', supportedGenerationMethods: ['embedContent'] },
          ],
          nextPageToken: 'page two/=',
        });
      else
        sendJSON(res, 200, {
          models: [
            { name: 'models/gemini-3-pro-preview', supportedGenerationMethods: ['generateContent'] },
            { name: 'models/gemini-2.5-flash', supportedGenerationMethods: ['generateContent'] },
            { name: 'models/aqa', supportedGenerationMethods: ['generateAnswer'] },
          ],
        });
    });
    const from = server.requests.length;
    expect(await listGeminiModels(conn())).toEqual(['gemini-2.5-flash', 'gemini-3-pro-preview']);
    const seen = server.requests.slice(from);
    expect(seen.map((r) => r.url)).toEqual([
      '/v1beta/models?pageSize=1000',
      '/v1beta/models?pageSize=1000&pageToken=page%20two%2F%3D',
    ]);
    for (const r of seen) {
      expect(r.method).toBe('GET');
      expect(r.headers['x-goog-api-key']).toBe(KEY);
      expect(r.headers.authorization).toBeUndefined();
    }
  });

  it('stops when a server repeats its page token', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 200, {
        models: [{ name: 'models/a', supportedGenerationMethods: ['generateContent'] }],
        nextPageToken: 'same',
      }),
    );
    const from = server.requests.length;
    expect(await listGeminiModels(conn())).toEqual(['a']);
    expect(server.requests.length - from).toBe(2);
  });

  it('a 404 or a page that is not a model list says the base URL is wrong; a bad key is a key problem', async () => {
    server.handle((_req, res) => sendJSON(res, 404, googleError(404, 'NOT_FOUND', 'Not found')));
    let err = await failure(listGeminiModels(conn()));
    expect(err.info).toMatchObject({ kind: 'bad_request', status: 404 });
    expect(err.message).toContain('base URL');

    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>hello</html>');
    });
    err = await failure(listGeminiModels(conn()));
    expect(err.info).toMatchObject({ kind: 'bad_request', status: 200 });

    server.handle((_req, res) =>
      sendJSON(res, 400, googleError(400, 'INVALID_ARGUMENT', 'API key not valid.', [{ reason: 'API_KEY_INVALID' }])),
    );
    err = await failure(listGeminiModels(conn()));
    expect(err.info).toMatchObject({ kind: 'auth', status: 400 });
  });
});

describe('classifyGeminiHttp', () => {
  it('reads a body that is not Google JSON as plain words', () => {
    const ctx = { baseURL: base, operation: 'chat' as const, redact: (t: string) => t };
    const err = classifyGeminiHttp(502, new Headers(), 'Bad gateway', ctx);
    expect(err.info).toMatchObject({ kind: 'server', status: 502 });
    expect(err.message).toContain('Google said: Bad gateway');
  });
});
