import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelError } from '../../../agent/errors';
import { sendJSON, startSSE, startTestServer, type TestServer } from '../../testing/http-server';
import { ANTHROPIC_VERSION, listAnthropicModels, postMessages } from './anthropic-http';

const KEY = 'sk-ant-test-key-123456';
let server: TestServer;
/** The server's root: the test server's base URL ends in /v1, which the client accepts and drops. */
let root: string;

beforeAll(async () => {
  server = await startTestServer();
  root = server.baseURL.replace(/\/v1$/, '');
});
afterAll(() => server.close());

const conn = () => ({ baseURL: server.baseURL, apiKey: KEY });
const signal = () => new AbortController().signal;

async function failure(p: Promise<unknown>): Promise<ModelError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof ModelError)) throw new Error(`expected a ModelError, got ${String(err)}`);
  return err;
}

const anthropicError = (type: string, message: string) => ({ type: 'error', error: { type, message } });

describe('Anthropic HTTP: the request', () => {
  it('posts the body to /v1/messages with the key in x-api-key, the version and the browser header', async () => {
    server.handle((_req, res) => {
      startSSE(res);
      res.end('event: message_stop\ndata: {"type":"message_stop"}\n\n');
    });
    const body = { model: 'claude-sonnet-4-5', max_tokens: 10, messages: [], stream: true };
    const response = await postMessages(body, conn(), signal(), 'claude-sonnet-4-5');
    expect(await response.text()).toContain('message_stop');
    const seen = server.requests.at(-1);
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/v1/messages');
    expect(seen?.headers['x-api-key']).toBe(KEY);
    expect(seen?.headers['anthropic-version']).toBe(ANTHROPIC_VERSION);
    expect(seen?.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.headers.authorization).toBeUndefined();
    expect(seen?.body).toBe(JSON.stringify(body));
  });
});

describe('Anthropic HTTP: errors', () => {
  it('retries 529 overloaded, honouring Retry-After, with the provider words', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 529, anthropicError('overloaded_error', 'Overloaded'), { 'retry-after': '7' }),
    );
    const err = await failure(postMessages({}, conn(), signal()));
    expect(err.retryable).toBe(true);
    expect(err.retryAfterMs).toBe(7000);
    expect(err.info).toMatchObject({ kind: 'server', status: 529 });
    expect(err.message).toBe(
      '127.0.0.1:' + new URL(root).port + ' is overloaded (HTTP 529). Retrying in 7 s. The provider said: Overloaded',
    );
  });

  it('retries 429 and 500 too, and not 400', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 429, anthropicError('rate_limit_error', 'Number of requests has exceeded your rate limit'), {
        'retry-after': '2',
      }),
    );
    const limited = await failure(postMessages({}, conn(), signal()));
    expect(limited.info).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 2000 });
    expect(limited.retryable).toBe(true);

    server.handle((_req, res) => sendJSON(res, 500, anthropicError('api_error', 'Internal server error')));
    const broken = await failure(postMessages({}, conn(), signal()));
    expect(broken.info).toMatchObject({ kind: 'server', status: 500 });
    expect(broken.retryable).toBe(true);
    expect(broken.retryAfterMs).toBeNull();
  });

  it('says a 401 and a 403 are about the key, with the key redacted from the provider words', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 401, anthropicError('authentication_error', `invalid x-api-key ${KEY}`)),
    );
    const bad = await failure(postMessages({}, conn(), signal()));
    expect(bad.info).toMatchObject({ fault: 'user', kind: 'auth', status: 401 });
    expect(bad.message).toContain('rejected the API key (HTTP 401). Check your API key in Settings.');
    expect(bad.message).toContain('invalid x-api-key [redacted]');
    expect(bad.message).not.toContain(KEY);
    expect(bad.retryable).toBe(false);

    server.handle((_req, res) => sendJSON(res, 403, anthropicError('permission_error', 'No access to this model')));
    expect((await failure(postMessages({}, conn(), signal()))).info).toMatchObject({ kind: 'auth', status: 403 });
  });

  it('passes a 400 through in the provider words, and says what to do when it is about thinking', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 400, anthropicError('invalid_request_error', 'messages: text content blocks must be non-empty')),
    );
    const plain = await failure(postMessages({}, conn(), signal()));
    expect(plain.info).toMatchObject({ kind: 'bad_request', status: 400 });
    expect(plain.message).toMatch(
      /rejected the request \(HTTP 400\)\. The provider said: messages: text content blocks must be non-empty$/,
    );
    expect(plain.retryable).toBe(false);

    const thinking =
      'messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` ' +
      'is enabled, a final `assistant` message must start with a thinking block.';
    server.handle((_req, res) => sendJSON(res, 400, anthropicError('invalid_request_error', thinking)));
    const signed = await failure(postMessages({}, conn(), signal()));
    expect(signed.message).toContain('refused the thinking sent back with an earlier reply');
    expect(signed.message).toContain('clear "Thinking budget (tokens)"');
    expect(signed.message).toContain(thinking);

    server.handle((_req, res) =>
      sendJSON(
        res,
        400,
        anthropicError('invalid_request_error', '`max_tokens` must be greater than `thinking.budget_tokens`'),
      ),
    );
    const budget = await failure(postMessages({}, conn(), signal()));
    expect(budget.message).toContain('set "Thinking budget (tokens)" to at least 1024 and below "Max output tokens"');
  });

  it('reads a too-long prompt as the loop’s context limit, and a 404 as an unknown model', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 400, anthropicError('invalid_request_error', 'prompt is too long: 210000 tokens > 200000 maximum')),
    );
    const long = await failure(postMessages({}, conn(), signal()));
    expect(long.info).toMatchObject({ kind: 'context_limit', limitTokens: 200000, estimatedTokens: 210000 });

    server.handle((_req, res) => sendJSON(res, 404, anthropicError('not_found_error', 'model: claude-nope')));
    const missing = await failure(postMessages({}, conn(), signal(), 'claude-nope'));
    expect(missing.info).toMatchObject({ kind: 'model_not_found', model: 'claude-nope' });
  });

  it('says a fetch that never reached the server may be direct browser access turned off', async () => {
    const refused: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const err = await failure(postMessages({}, { ...conn(), fetch: refused }, signal()));
    expect(err.info).toMatchObject({ fault: 'user', kind: 'cors_or_unreachable', baseURL: root });
    expect(err.message).toContain(`Could not reach ${root}`);
    expect(err.message).toContain('the organisation may have turned off direct browser access');
    expect(err.retryable).toBe(false);
  });

  it('rejects with an AbortError, not a ModelError, when the caller aborts', async () => {
    server.handle(() => undefined);
    const controller = new AbortController();
    const pending = postMessages({}, conn(), controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('Anthropic HTTP: the model list', () => {
  it('follows has_more / after_id across pages and returns every id, sorted', async () => {
    server.handle((req, res) => {
      const after = new URL(req.url ?? '', root).searchParams.get('after_id');
      const page =
        after === null
          ? {
              data: [{ id: 'claude-sonnet-4-5' }, { id: 'claude-opus-4-5' }],
              has_more: true,
              last_id: 'claude-opus-4-5',
            }
          : after === 'claude-opus-4-5'
            ? { data: [{ id: 'claude-haiku-4-5' }], has_more: true, last_id: 'claude-haiku-4-5' }
            : { data: [{ id: 'claude-3-haiku-20240307' }], has_more: false, last_id: 'claude-3-haiku-20240307' };
      sendJSON(res, 200, { ...page, first_id: page.data[0]?.id });
    });
    const before = server.requests.length;
    const ids = await listAnthropicModels(conn());
    expect(ids).toEqual(['claude-3-haiku-20240307', 'claude-haiku-4-5', 'claude-opus-4-5', 'claude-sonnet-4-5']);
    const seen = server.requests.slice(before);
    expect(seen.map((r) => r.url)).toEqual([
      '/v1/models?limit=1000',
      '/v1/models?limit=1000&after_id=claude-opus-4-5',
      '/v1/models?limit=1000&after_id=claude-haiku-4-5',
    ]);
    expect(seen.every((r) => r.method === 'GET' && r.headers['x-api-key'] === KEY)).toBe(true);
    expect(seen[0]?.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
  });

  it('stops when a server repeats the same page, and classifies a 401', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 200, { data: [{ id: 'claude-x' }], has_more: true, last_id: 'claude-x' }),
    );
    const before = server.requests.length;
    expect(await listAnthropicModels(conn())).toEqual(['claude-x']);
    expect(server.requests.length - before).toBe(2);

    server.handle((_req, res) => sendJSON(res, 401, anthropicError('authentication_error', 'invalid x-api-key')));
    expect((await failure(listAnthropicModels(conn()))).info).toMatchObject({ kind: 'auth', status: 401 });
  });

  it('does not follow a redirect to another origin, where x-api-key would go too', async () => {
    server.handle((_req, res) => {
      res.writeHead(307, { location: 'http://elsewhere.invalid/steal' });
      res.end();
    });
    const err = await failure(listAnthropicModels(conn()));
    expect(err.info).toMatchObject({ kind: 'redirect_refused', to: 'http://elsewhere.invalid' });
  });
});
