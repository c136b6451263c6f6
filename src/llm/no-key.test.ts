import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyOptional } from './known-providers';
import { createSdk } from './sdk-client';
import { sendJSON, startTestServer, type TestServer } from './testing/http-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('an endpoint without a key', () => {
  it('gets no Authorization header at all; with a key it gets the Bearer header', async () => {
    server.handle((_req, res) => sendJSON(res, 200, { object: 'list', data: [] }));
    await createSdk({ apiKey: '', baseURL: server.baseURL }).models.list();
    expect(server.requests.at(-1)?.headers.authorization).toBeUndefined();
    await createSdk({ apiKey: 'sk-x', baseURL: server.baseURL }).models.list();
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer sk-x');
  });

  it('is allowed for local presets and loopback hosts only', () => {
    for (const url of [
      'http://localhost:11434/v1',
      'http://127.0.0.1:8787/v1',
      'http://[::1]:9000/v1',
      'https://LOCALHOST/v1',
      'http://localhost:1234/v1',
    ]) {
      expect(keyOptional(url), url).toBe(true);
    }
    for (const url of [
      'https://api.openai.com/v1',
      'http://localhost.evil.example/v1',
      'http://127.0.0.2.example/v1',
      'not a url',
      'ftp://localhost/v1',
    ]) {
      expect(keyOptional(url), url).toBe(false);
    }
  });
});
