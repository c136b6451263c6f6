import { afterEach, describe, expect, it } from 'vitest';
import { AuthenticationError, NotFoundError } from 'openai';
import { startMockServer, type MockServer } from './mock-server';
import { assemble, chatBody, collect, postChat, sdk } from './testing/mock-client';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});
const start = async (opts: Parameters<typeof startMockServer>[0] = {}) => (mock = await startMockServer(opts));

const ORIGIN = 'http://127.0.0.1:4999';

describe('CORS', () => {
  it('answers a preflight for the SDK headers and echoes the origin; exposes retry-after', async () => {
    const m = await start();
    const pre = await fetch(`${m.url}/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-stainless-os,x-stainless-brand-new',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const allowed = pre.headers.get('access-control-allow-headers')?.split(/,\s*/) ?? [];
    expect(allowed).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'x-stainless-os', 'x-stainless-brand-new']),
    );
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');

    m.script([{ kind: 'http_error', status: 429, retryAfter: 3 }]);
    const res = await postChat(m.url, chatBody('x', { stream: true }), {
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-expose-headers')).toContain('retry-after');
    expect(m.allRequests.map((r) => r.method)).toEqual(['OPTIONS', 'POST']);
  });

  it('cors: false sends no CORS headers, and can be switched on a running server', async () => {
    const m = await start({ cors: false });
    const pre = await fetch(`${m.url}/chat/completions`, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const models = await fetch(`${m.url}/models`, { headers: { origin: ORIGIN } });
    expect(models.headers.get('access-control-allow-origin')).toBeNull();
    m.configure({ cors: true });
    expect(
      (await fetch(`${m.url}/models`, { headers: { origin: ORIGIN } })).headers.get('access-control-allow-origin'),
    ).toBe(ORIGIN);
  });
});

describe('auth and recording', () => {
  it('rejects a wrong or missing key with 401 in OpenAI shape and accepts the right one', async () => {
    const m = await start({ apiKey: 'sk-right' });
    const err = await sdk(m.url, 'sk-wrong')
      .chat.completions.create(chatBody('x'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthenticationError);
    expect((err as AuthenticationError).code).toBe('invalid_api_key');
    expect((err as AuthenticationError).message).not.toContain('sk-wrong');
    const bare = await fetch(`${m.url}/models`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ error: { type: 'invalid_request_error', param: null } });
    const ok = await sdk(m.url, 'sk-right').chat.completions.create(chatBody('x'));
    expect(ok.choices[0]?.message.content).toContain('x');
  });

  it('records every request with method, path, headers and body; whereSent finds the key only in Authorization to /v1', async () => {
    const m = await start();
    const key = 'sk-secret-123';
    m.script([{ kind: 'text', content: 'ok' }]);
    await sdk(m.url, key).chat.completions.create({ ...chatBody('hello'), stream: false });
    await fetch(`${m.origin}/tools/echo?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-custom': 'v' },
      body: '{"a":1}',
    });
    expect(m.allRequests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/chat/completions',
      'POST /tools/echo',
    ]);
    const echo = m.allRequests[1]!;
    expect(echo).toMatchObject({ query: { x: '1' }, body: { a: 1 }, rawBody: '{"a":1}' });
    expect(echo.headers['x-custom']).toBe('v');
    expect(m.requests[0]?.headers.authorization).toBe(`Bearer ${key}`);
    expect(m.requests[0]?.receivedAt).toBeLessThanOrEqual(Date.now());
    expect(m.whereSent(key)).toEqual([
      { seq: 0, method: 'POST', path: '/v1/chat/completions', where: 'authorization' },
    ]);

    await fetch(`${m.origin}/tools/echo`, { method: 'POST', body: `leak ${key}`, headers: { 'x-api-key': key } });
    expect(m.whereSent(key).map((h) => `${h.path} ${h.where}`)).toEqual([
      '/v1/chat/completions authorization',
      '/tools/echo header:x-api-key',
      '/tools/echo body',
    ]);
  });
});

describe('models', () => {
  it('lists configured models and, when strict, rejects unknown ones with 404 model_not_found', async () => {
    const m = await start({ models: ['alpha', { id: 'beta', owned_by: 'me' }], strictModels: true });
    const client = sdk(m.url);
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(['alpha', 'beta']);
    const err = await client.chat.completions.create({ ...chatBody('x'), model: 'gamma' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as NotFoundError).code).toBe('model_not_found');
    m.script([{ kind: 'text', content: 'fine' }]);
    expect(
      assemble(await collect(await client.chat.completions.create({ ...chatBody('x'), model: 'beta', stream: true })))
        .text,
    ).toBe('fine');
  });
});

describe('embeddings', () => {
  const cos = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);

  it('are deterministic, unit length, and closer for texts that share words (via the SDK, base64 by default)', async () => {
    const m = await start();
    const client = sdk(m.url);
    const res = await client.embeddings.create({
      model: 'mock-embedding',
      input: ['My cat likes tuna fish', 'The cats like tuna', 'Quarterly revenue report for the board'],
    });
    expect(m.requests).toHaveLength(0);
    expect(m.allRequests[0]?.body).toMatchObject({ encoding_format: 'base64' });
    const [a, b, c] = res.data.map((d) => d.embedding) as [number[], number[], number[]];
    expect(a).toHaveLength(256);
    expect(Math.abs(cos(a, a) - 1)).toBeLessThan(1e-5);
    expect(cos(a, b)).toBeGreaterThan(cos(a, c) + 0.3);
    const again = await client.embeddings.create({
      model: 'mock-embedding',
      input: 'My cat likes tuna fish',
      encoding_format: 'float',
      dimensions: 64,
    });
    expect(again.data[0]?.embedding).toHaveLength(64);
    const again256 = await client.embeddings.create({
      model: 'mock-embedding',
      input: 'My cat likes tuna fish',
      encoding_format: 'float',
    });
    expect(again256.data[0]?.embedding.map((x) => Math.fround(x))).toEqual(a);
  });
});

describe('tool endpoints', () => {
  it('serve weather, echo, big, status, text and a no-CORS endpoint', async () => {
    const m = await start();
    const weather = await (await fetch(`${m.origin}/tools/weather?city=Oslo`, { headers: { origin: ORIGIN } })).json();
    expect(weather).toMatchObject({ city: 'Oslo', conditions: expect.any(String), temperature_c: expect.any(Number) });
    expect(await (await fetch(`${m.origin}/tools/weather?city=Oslo`)).json()).toEqual(weather);
    expect((await fetch(`${m.origin}/tools/weather`)).status).toBe(400);
    const big = await (await fetch(`${m.origin}/tools/big?kb=300`)).text();
    expect(big.length).toBeGreaterThan(300 * 1024);
    expect((await fetch(`${m.origin}/tools/status?code=503`)).status).toBe(503);
    expect(await (await fetch(`${m.origin}/tools/text`)).text()).toContain('plain text');
    const nocors = await fetch(`${m.origin}/tools/nocors`, { headers: { origin: ORIGIN } });
    expect(nocors.headers.get('access-control-allow-origin')).toBeNull();
    const cors = await fetch(`${m.origin}/tools/echo`, { headers: { origin: ORIGIN } });
    expect(cors.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('/tools/slow answers after its delay and notices a client that leaves', async () => {
    const m = await start();
    expect(await (await fetch(`${m.origin}/tools/slow?ms=30`)).json()).toEqual({ ok: true, waitedMs: 30 });
    const ac = new AbortController();
    const pending = fetch(`${m.origin}/tools/slow?ms=60000`, { signal: ac.signal }).catch((e: unknown) => e);
    while (m.allRequests.length < 2) await new Promise((r) => setTimeout(r, 5));
    ac.abort();
    await pending;
    while (m.allRequests[1]?.closedAt === undefined) await new Promise((r) => setTimeout(r, 5));
    expect(m.allRequests[1]?.closedBy).toBe('client');
  });
});

describe('close', () => {
  it('ends hanging requests and counts them as closed by the server, not as client disconnects', async () => {
    const m = await startMockServer();
    m.script([{ kind: 'hang' }]);
    const pending = postChat(m.url, chatBody('x', { stream: true })).catch((e: unknown) => e);
    await m.waitForRequest(0);
    await m.close();
    expect(await pending).toBeInstanceOf(Error);
    expect(m.requests[0]?.closedBy).toBe('server');
    expect(m.disconnects).toBe(0);
  });
});

describe('wire formats served', () => {
  it('refuses a body without a model before using a step, and answers 404 for a format switched off', async () => {
    const m = await start({ apis: ['chat'] });
    m.script([{ kind: 'text', content: 'kept for the real request' }]);
    const noModel = await fetch(`${m.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noModel.status).toBe(400);
    expect(await noModel.json()).toMatchObject({ error: { param: 'model' } });
    expect(m.pending).toBe(1);
    expect(m.requests).toHaveLength(0);
    const responses = await fetch(`${m.url}/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(responses.status).toBe(404);
    m.configure({ apis: ['chat', 'responses'] });
    const back = await fetch(`${m.url}/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(back.status).toBe(400);
  });
});
