import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelError } from '../agent/errors';
import { sendJSON, startTestServer, type TestServer } from './testing/http-server';
import { createEmbedder } from './embeddings';

const KEY = 'sk-embed-0123456789abcdef';
let server: TestServer;

// The SDK asks for base64 float32 unless told otherwise, and decodes it.
const float32Base64 = (v: number[]): string => Buffer.from(new Float32Array(v).buffer).toString('base64');

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('createEmbedder', () => {
  it('returns the vectors in input order whatever order the server lists them in', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 200, {
        object: 'list',
        model: 'm',
        data: [
          { object: 'embedding', index: 1, embedding: float32Base64([0, 1]) },
          { object: 'embedding', index: 0, embedding: float32Base64([1, 0]) },
        ],
        usage: { prompt_tokens: 2, total_tokens: 2 },
      }),
    );
    const vectors = await createEmbedder({ apiKey: KEY, baseURL: server.baseURL, model: 'm' }).embed(
      ['a', 'b'],
      new AbortController().signal,
    );
    expect(vectors).toEqual([
      [1, 0],
      [0, 1],
    ]);
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('a rejected key becomes an auth error whose text never carries the key', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 401, { error: { message: `Incorrect API key provided: ${KEY}`, type: 'invalid_request_error' } }),
    );
    const failure = await createEmbedder({ apiKey: KEY, baseURL: server.baseURL, model: 'm' })
      .embed(['a'], new AbortController().signal)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ModelError);
    const err = failure as ModelError;
    expect(err.info.kind).toBe('auth');
    expect(err.message).toContain('[redacted]');
    expect(err.message).not.toContain(KEY);
  });
});
