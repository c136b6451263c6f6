import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from './test-connection';
import { sendJSON, startTestServer, type TestServer } from './testing/http-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const models = { object: 'list', data: [{ id: 'gpt-a' }, { id: 'gpt-b' }] };

describe('testConnection', () => {
  it('ok when the endpoint lists the chosen model', async () => {
    server.handle((_req, res) => sendJSON(res, 200, models));
    const v = await testConnection({ apiKey: 'sk-abcdefgh', baseURL: server.baseURL, model: 'gpt-b' });
    expect(v).toMatchObject({ ok: true, models: ['gpt-a', 'gpt-b'] });
    expect(v.message).toContain('"gpt-b" is available');
  });

  it('no_such_model when the list lacks it, with examples', async () => {
    server.handle((_req, res) => sendJSON(res, 200, models));
    const v = await testConnection({ apiKey: 'sk-abcdefgh', baseURL: server.baseURL, model: 'gpt-z' });
    expect(v).toMatchObject({ ok: false, problem: 'no_such_model' });
    expect(v.message).toContain('"gpt-z"');
    expect(v.message).toContain('gpt-a');
  });

  it('bad_key on 401, asking for a key when none was entered', async () => {
    server.handle((_req, res) => sendJSON(res, 401, { error: { message: 'Invalid API key' } }));
    const withKey = await testConnection({ apiKey: 'sk-wrong-123456', baseURL: server.baseURL });
    expect(withKey).toMatchObject({ ok: false, problem: 'bad_key' });
    expect(withKey.message).toMatch(/rejected the API key/);
    const noKey = await testConnection({ apiKey: '', baseURL: server.baseURL });
    expect(noKey).toMatchObject({ ok: false, problem: 'bad_key' });
    expect(noKey.message).toMatch(/needs an API key/);
  });

  it('Anthropic Messages: checks its own model list with x-api-key and probes no OpenAI API', async () => {
    server.handle((_req, res) => sendJSON(res, 200, { data: [{ id: 'claude-a' }], has_more: false }));
    const before = server.requests.length;
    const v = await testConnection({
      apiKey: 'sk-ant-abcdefgh',
      baseURL: server.baseURL,
      model: 'claude-a',
      apiFormat: 'anthropic',
    });
    expect(v).toMatchObject({ ok: true, models: ['claude-a'] });
    expect(v.apis).toBeUndefined();
    expect(v.message).toBe(`Connected to ${new URL(server.baseURL).host}. Model "claude-a" is available.`);
    const sent = server.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v1/models?limit=1000']);
    expect(sent[0]?.headers['x-api-key']).toBe('sk-ant-abcdefgh');

    server.handle((_req, res) =>
      sendJSON(res, 401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }),
    );
    const bad = await testConnection({ apiKey: 'sk-ant-wrong', baseURL: server.baseURL, apiFormat: 'anthropic' });
    expect(bad).toMatchObject({ ok: false, problem: 'bad_key' });
    expect(bad.message).toMatch(/rejected the API key \(HTTP 401\)/);
  });

  it("Gemini: a key Google answers with 400 API_KEY_INVALID is said as the key's problem", async () => {
    server.handle((_req, res) =>
      sendJSON(res, 400, {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
        },
      }),
    );
    const base = server.baseURL.replace(/\/v1$/, '');
    const bad = await testConnection({ apiKey: 'AIza-wrong', baseURL: base, apiFormat: 'gemini' });
    expect(bad).toMatchObject({ ok: false, problem: 'bad_key' });
    expect(bad.message).toMatch(/rejected the API key/);
    expect(server.requests.at(-1)?.headers['x-goog-api-key']).toBe('AIza-wrong');
  });

  it('wrong_url on 404', async () => {
    server.handle((_req, res) => sendJSON(res, 404, { detail: 'Not Found' }));
    expect(await testConnection({ apiKey: 'k', baseURL: server.baseURL })).toMatchObject({
      ok: false,
      problem: 'wrong_url',
    });
  });

  it('cors_or_unreachable when nothing listens', async () => {
    const gone = await startTestServer();
    await gone.close();
    const v = await testConnection({ apiKey: 'k', baseURL: gone.baseURL });
    expect(v).toMatchObject({ ok: false, problem: 'cors_or_unreachable' });
    expect(v.message).toMatch(/CORS/);
  });
});
