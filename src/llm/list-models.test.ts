import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelError } from '../agent/errors';
import { listModels, modelIds } from './list-models';
import { sendJSON, startTestServer, type TestServer } from './testing/http-server';

const KEY = 'sk-list-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const list = () => listModels({ apiKey: KEY, baseURL: server.baseURL });

describe('listModels', () => {
  it('GETs /models with the key and returns sorted, de-duplicated ids', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 200, {
        object: 'list',
        data: [{ id: 'b-model' }, { id: 'a-model' }, { id: 'b-model' }, { nope: 1 }],
      }),
    );
    expect(await list()).toEqual(['a-model', 'b-model']);
    const seen = server.requests.at(-1);
    expect(seen?.method).toBe('GET');
    expect(seen?.url).toBe('/v1/models');
    expect(seen?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('accepts a bare array (Together)', async () => {
    server.handle((_req, res) => sendJSON(res, 200, [{ id: 'meta-llama/x', type: 'chat' }]));
    expect(await list()).toEqual(['meta-llama/x']);
  });

  it('lists Anthropic models with x-api-key and no Authorization header', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 200, { data: [{ id: 'claude-b' }, { id: 'claude-a' }], has_more: false }),
    );
    expect(await listModels({ apiKey: KEY, baseURL: server.baseURL, apiFormat: 'anthropic' })).toEqual([
      'claude-a',
      'claude-b',
    ]);
    const seen = server.requests.at(-1);
    expect(seen?.url).toBe('/v1/models?limit=1000');
    expect(seen?.headers['x-api-key']).toBe(KEY);
    expect(seen?.headers.authorization).toBeUndefined();
  });

  it('lists Gemini models with x-goog-api-key, and a key Google refuses is a key problem', async () => {
    const base = server.baseURL.replace(/\/v1$/, '');
    server.handle((_req, res) =>
      sendJSON(res, 200, {
        models: [
          { name: 'models/gemini-x', supportedGenerationMethods: ['generateContent'] },
          { name: 'models/embed-y', supportedGenerationMethods: ['embedContent'] },
        ],
      }),
    );
    expect(await listModels({ apiKey: KEY, baseURL: base, apiFormat: 'gemini' })).toEqual(['gemini-x']);
    const seen = server.requests.at(-1);
    expect(seen?.url).toBe('/v1beta/models?pageSize=1000');
    expect(seen?.headers['x-goog-api-key']).toBe(KEY);
    expect(seen?.headers.authorization).toBeUndefined();

    server.handle((_req, res) =>
      sendJSON(res, 400, {
        error: {
          code: 400,
          message: 'API key not valid.',
          status: 'INVALID_ARGUMENT',
          details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
        },
      }),
    );
    await expect(listModels({ apiKey: KEY, baseURL: base, apiFormat: 'gemini' })).rejects.toMatchObject({
      info: { kind: 'auth', status: 400 },
    });
  });

  it('a 404 says the base URL is wrong, not that a model is missing', async () => {
    server.handle((_req, res) => sendJSON(res, 404, { error: { message: 'not found' } }));
    const err = await list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    expect((err as ModelError).info).toMatchObject({ kind: 'bad_request', status: 404 });
    expect((err as ModelError).message).toMatch(/base URL/);
  });

  it('a 200 that is not a model list (a web page) is reported as a wrong URL', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>hello</html>');
    });
    await expect(list()).rejects.toMatchObject({ info: { kind: 'bad_request', status: 200 } });
  });

  it('401 is an auth error; abort rejects with AbortError', async () => {
    server.handle((_req, res) => sendJSON(res, 401, { error: { message: 'bad key' } }));
    await expect(list()).rejects.toMatchObject({ info: { kind: 'auth', status: 401 } });

    server.handle(() => undefined);
    const controller = new AbortController();
    const pending = listModels({ apiKey: KEY, baseURL: server.baseURL, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('modelIds rejects bodies that are not lists', () => {
    expect(modelIds('{"data":{}}')).toBeNull();
    expect(modelIds('nope')).toBeNull();
    expect(modelIds('{"data":[]}')).toEqual([]);
  });
});
