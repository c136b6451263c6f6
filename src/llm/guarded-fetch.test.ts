import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModelError } from '../agent/errors';
import type { ModelRequest } from '../agent/model-client';
import { ERROR_BODY_LIMIT_BYTES, RedirectRefusedError, guardedFetch } from './guarded-fetch';
import { listModels } from './list-models';
import { createOpenAIClient } from './openai-client';
import { sendJSON, startSSE, startTestServer, type TestServer } from './testing/http-server';

const KEY = 'sk-guard-0123456789';
const request: ModelRequest = {
  model: 'm',
  messages: [{ role: 'user', content: 'the whole conversation' }],
  stream: true,
};
const ANSWER = 'data: {"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';

let a: TestServer;
let b: TestServer;
beforeEach(async () => {
  [a, b] = await Promise.all([startTestServer(), startTestServer()]);
});
afterEach(async () => {
  await Promise.all([a.close(), b.close()]);
});

const origin = (s: TestServer) => new URL(s.baseURL).origin;

async function stream(baseURL: string, fetchFn?: typeof fetch): Promise<{ text: string; error: unknown }> {
  let text = '';
  try {
    const client = createOpenAIClient({ apiKey: KEY, baseURL, ...(fetchFn ? { fetch: fetchFn } : {}) });
    for await (const c of client.stream(request, { signal: new AbortController().signal }))
      text += c.choices[0]?.delta.content ?? '';
    return { text, error: null };
  } catch (error) {
    return { text, error };
  }
}

describe('redirects of model requests', () => {
  it('refuses a redirect to another origin, naming both, and sends nothing there', async () => {
    b.handle((_req, res) => {
      startSSE(res);
      res.end(ANSWER);
    });
    a.handle((_req, res) => {
      res.writeHead(307, { location: `${b.baseURL}/chat/completions` }).end();
    });
    const { error } = await stream(a.baseURL);
    expect(error).toBeInstanceOf(ModelError);
    const info = (error as ModelError).info;
    expect(info).toMatchObject({ fault: 'user', kind: 'redirect_refused', from: origin(a), to: origin(b) });
    expect(info.message).toBe(
      `${origin(a)} redirected the request to ${origin(b)} (HTTP 307). Toolscope does not follow a redirect to another origin, so nothing was sent to ${origin(b)}. If you trust ${origin(b)}, use it as the base URL.`,
    );
    expect((error as ModelError).retryable).toBe(false);
    expect(a.requests).toHaveLength(1);
    expect(b.requests).toHaveLength(0);
  });

  it('the model list (Settings, Test connection) is guarded the same way', async () => {
    a.handle((_req, res) => {
      res.writeHead(302, { location: `${b.baseURL}/models` }).end();
    });
    await expect(listModels({ apiKey: KEY, baseURL: a.baseURL })).rejects.toMatchObject({
      info: { kind: 'redirect_refused', to: origin(b) },
    });
    expect(b.requests).toHaveLength(0);
  });

  it('follows a redirect within the same origin, sending the same request again', async () => {
    a.handle((req, res) => {
      if (req.url === '/v1/chat/completions') {
        res.writeHead(308, { location: '/v2/chat/completions' }).end();
        return;
      }
      startSSE(res);
      res.end(ANSWER);
    });
    const { text, error } = await stream(a.baseURL);
    expect(error).toBeNull();
    expect(text).toBe('Hi');
    expect(a.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /v1/chat/completions',
      'POST /v2/chat/completions',
    ]);
    expect(a.requests[1]?.body).toBe(a.requests[0]?.body);
    expect(a.requests[1]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('a same-origin 303 is followed as a GET without the body, as fetch does', async () => {
    a.handle((req, res) => {
      if (req.method === 'POST') res.writeHead(303, { location: '/result' }).end();
      else sendJSON(res, 200, { ok: true });
    });
    const res = await guardedFetch(a.baseURL)(`${a.baseURL}/thing`, {
      method: 'POST',
      body: '{"secret":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(await res.json()).toEqual({ ok: true });
    expect(a.requests.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      'POST /v1/thing {"secret":1}',
      'GET /result ',
    ]);
    expect(a.requests[1]?.headers['content-type']).toBeUndefined();
  });

  it('in a browser, where a redirect is opaque, refuses it without a target and says how to find one', async () => {
    const seen: RequestInit[] = [];
    const browserFetch: typeof fetch = async (_input, init) => {
      seen.push(init ?? {});
      // What a browser hands back for redirect: 'manual': no status, no headers, no Location.
      return Object.defineProperty(new Response(null, { status: 200 }), 'type', { value: 'opaqueredirect' });
    };
    const err = await guardedFetch('https://api.example.com/v1', browserFetch)(
      'https://api.example.com/v1/chat/completions',
      { method: 'POST' },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RedirectRefusedError);
    expect(err).toMatchObject({ from: 'https://api.example.com', to: null });
    expect(seen.map((i) => i.redirect)).toEqual(['manual']);

    const { error } = await stream('https://api.example.com/v1', browserFetch);
    expect((error as ModelError).info).toMatchObject({
      kind: 'redirect_refused',
      from: 'https://api.example.com',
      to: null,
    });
    expect((error as ModelError).message).toMatch(
      /^https:\/\/api\.example\.com answered with a redirect, and the browser does not show where to\..*Set the base URL/,
    );
  });
});

describe('error bodies', () => {
  it('are read up to 64 KB and cut with a visible marker; a success body is untouched', async () => {
    const huge = 'x'.repeat(1024 * 1024);
    a.handle((req, res) => {
      if (req.url === '/v1/ok') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end(huge);
        return;
      }
      res.writeHead(500, { 'content-type': 'text/html' }).end(huge);
    });
    const fetchIt = guardedFetch(a.baseURL);
    const bad = await fetchIt(`${a.baseURL}/fail`);
    expect(bad.status).toBe(500);
    expect(bad.headers.get('content-type')).toBe('text/html');
    const text = await bad.text();
    expect(text.startsWith('x'.repeat(ERROR_BODY_LIMIT_BYTES))).toBe(true);
    expect(text.slice(ERROR_BODY_LIMIT_BYTES)).toBe('\n…[error body truncated at 64 KB]');
    expect((await (await fetchIt(`${a.baseURL}/ok`)).text()).length).toBe(huge.length);
  });

  it('a provider error inside a 200 stream reaches the loop cut to 64 KB, key redacted', async () => {
    a.handle((_req, res) => {
      startSSE(res);
      res.end(`event: error\ndata: ${JSON.stringify({ error: { message: `${KEY} ${'x'.repeat(1024 * 1024)}` } })}\n\n`);
    });
    const { error } = await stream(a.baseURL);
    expect(error).toBeInstanceOf(ModelError);
    const message = (error as ModelError).message;
    expect(message.startsWith('[redacted] xxx')).toBe(true);
    expect(message).toMatch(/\n…\[error text truncated: \d+ bytes omitted\]$/);
    expect(message.length).toBeLessThan(ERROR_BODY_LIMIT_BYTES + 100);
  });
});
