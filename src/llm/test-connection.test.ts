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
