import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSupportSentence, probeApis, supportFromStatus } from './api-probe';
import { testConnection } from './test-connection';
import { sendJSON, startTestServer, type TestServer } from './testing/http-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** An endpoint that lists models and has only the routes given; a route it has refuses the empty probe body. */
function endpoint(routes: string[], refusal = 400) {
  server.handle((req, res, body) => {
    if (req.method === 'GET' && req.url === '/v1/models')
      return sendJSON(res, 200, { object: 'list', data: [{ id: 'm' }] });
    const path = req.url?.replace(/^\/v1/, '') ?? '';
    if (!routes.includes(path)) return sendJSON(res, 404, { error: { message: 'Not Found' } });
    expect(JSON.parse(body)).toEqual({});
    return sendJSON(res, refusal, { error: { message: "Missing required parameter: 'model'." } });
  });
}

describe('probeApis', () => {
  it('tells which of the two routes exist from how an empty body is refused, running no model', async () => {
    endpoint(['/chat/completions', '/responses']);
    expect(await probeApis({ apiKey: 'k', baseURL: server.baseURL })).toEqual({ chat: 'yes', responses: 'yes' });
    endpoint(['/chat/completions'], 422);
    expect(await probeApis({ apiKey: 'k', baseURL: server.baseURL })).toEqual({ chat: 'yes', responses: 'no' });
  });

  it('says unknown when the answer is about something else (a key, the server)', async () => {
    server.handle((_req, res) => sendJSON(res, 401, { error: { message: 'bad key' } }));
    expect(await probeApis({ apiKey: 'k', baseURL: server.baseURL })).toEqual({
      chat: 'unknown',
      responses: 'unknown',
    });
    expect(supportFromStatus(503)).toBe('unknown');
    expect(supportFromStatus(405)).toBe('no');
  });

  it("is part of Test connection's verdict, in words", async () => {
    endpoint(['/chat/completions']);
    const v = await testConnection({ apiKey: 'k', baseURL: server.baseURL, model: 'm' });
    expect(v).toMatchObject({ ok: true, apis: { chat: 'yes', responses: 'no' } });
    expect(v.message).toContain('It accepts the Chat Completions API only (no Responses API there).');
    endpoint(['/responses', '/chat/completions']);
    expect((await testConnection({ apiKey: 'k', baseURL: server.baseURL })).message).toContain(
      'It accepts both APIs: Chat Completions and Responses.',
    );
  });

  it('stops when aborted', async () => {
    server.handle(() => undefined);
    const ctrl = new AbortController();
    const p = probeApis({ apiKey: 'k', baseURL: server.baseURL, signal: ctrl.signal });
    ctrl.abort();
    await expect(p).rejects.toThrow();
  });
});

describe('apiSupportSentence', () => {
  it('says nothing when nothing was learnt, and what it knows otherwise', () => {
    expect(apiSupportSentence({ chat: 'unknown', responses: 'unknown' })).toBe('');
    expect(apiSupportSentence({ chat: 'no', responses: 'yes' })).toBe(
      'It accepts the Responses API only (no Chat Completions API there).',
    );
    expect(apiSupportSentence({ chat: 'no', responses: 'no' })).toContain('neither');
    expect(apiSupportSentence({ chat: 'yes', responses: 'unknown' })).toContain('could not be told');
  });
});
