import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { ModelError } from '../agent/errors';
import type { Conversation, ModelRequest, SentBody } from '../agent/model-client';
import { createOpenAIClient } from './openai-client';
import { ANTHROPIC_PARIS, parisReply } from '../agent/testing/signed-reply';
import { sendJSON, startSSE, startTestServer, type TestServer } from './testing/http-server';

const KEY = 'sk-test-0123456789abcdef';
const FIXTURES = join(import.meta.dirname, '../agent/__fixtures__/openai-sse');
const request: ModelRequest = {
  model: 'gpt-test',
  messages: [{ role: 'user', content: 'hi' }],
  stream: true,
  stream_options: { include_usage: true },
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const client = () => createOpenAIClient({ apiKey: KEY, baseURL: server.baseURL });

async function collect(
  signal = new AbortController().signal,
): Promise<{ chunks: ChatCompletionChunk[]; error: unknown }> {
  const chunks: ChatCompletionChunk[] = [];
  try {
    for await (const chunk of client().stream(request, { signal })) chunks.push(chunk);
    return { chunks, error: null };
  } catch (error) {
    return { chunks, error };
  }
}

function infoOf(error: unknown) {
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('createOpenAIClient against a real HTTP server', () => {
  it('sends the request through the SDK and streams every chunk of a recorded body written in small pieces', async () => {
    const text = readFileSync(join(FIXTURES, 'openai-gpt-4o-tool-calls-parallel.sse'), 'utf8');
    server.handle(async (_req, res) => {
      startSSE(res);
      for (let i = 0; i < text.length; i += 97) {
        res.write(text.slice(i, i + 97));
        if (i % 970 === 0) await sleep(1);
      }
      res.end();
    });
    const { chunks, error } = await collect();
    expect(error).toBeNull();
    const expected = text
      .split('\n\n')
      .map((e) => e.replace(/^data: /, ''))
      .filter((d) => d !== '' && d !== '[DONE]')
      .map((d) => JSON.parse(d) as unknown);
    expect(chunks).toEqual(expected);

    const seen = server.requests.at(-1);
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/v1/chat/completions');
    expect(seen?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.parse(seen?.body ?? '')).toMatchObject({
      model: 'gpt-test',
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('401: auth error, not retryable, tells the user to check the key, and never repeats the key', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 401, {
        error: {
          message: `Incorrect API key provided: ${KEY}.`,
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      }),
    );
    const err = infoOf((await collect()).error);
    expect(err.info).toMatchObject({ kind: 'auth', status: 401, fault: 'user' });
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(/check your API key/i);
    expect(err.message).toContain('Incorrect API key provided: [redacted]');
    expect(err.message).not.toContain(KEY);
  });

  it('404: model_not_found naming the model', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 404, { error: { message: 'The model `gpt-test` does not exist', code: 'model_not_found' } }),
    );
    const err = infoOf((await collect()).error);
    expect(err.info).toMatchObject({ kind: 'model_not_found', status: 404, model: 'gpt-test' });
    expect(err.message).toContain('"gpt-test"');
    expect(err.retryable).toBe(false);
  });

  it('400: bad_request carrying the provider message', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 400, { error: { message: "Invalid value for 'temperature'", type: 'invalid_request_error' } }),
    );
    const err = infoOf((await collect()).error);
    expect(err.info).toMatchObject({ kind: 'bad_request', status: 400 });
    expect(err.message).toContain("Invalid value for 'temperature'");
    expect(err.retryable).toBe(false);
  });

  it('400 context_length_exceeded: a context_limit error with the sizes, never retried', async () => {
    const said =
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130532 tokens.";
    server.handle((_req, res) =>
      sendJSON(res, 400, { error: { message: said, type: 'invalid_request_error', code: 'context_length_exceeded' } }),
    );
    const before = server.requests.length;
    const err = infoOf((await collect()).error);
    expect(server.requests.length - before).toBe(1);
    expect(err.info).toMatchObject({
      fault: 'user',
      kind: 'context_limit',
      limitTokens: 128_000,
      estimatedTokens: 130_532,
    });
    expect(err.message).toMatch(/too long for this model's context window/);
    expect(err.message).toContain(said);
    expect(err.retryable).toBe(false);
  });

  it('429 with Retry-After: retryable rate_limited with the wait in ms', async () => {
    server.handle((_req, res) =>
      sendJSON(
        res,
        429,
        { error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } },
        { 'retry-after': '7' },
      ),
    );
    const before = server.requests.length;
    const err = infoOf((await collect()).error);
    // One request: the SDK's own retries are off (createSdk's maxRetries: 0); the loop retries, with events.
    expect(server.requests.length - before).toBe(1);
    expect(err.info).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 7000 });
    expect(err.retryable).toBe(true);
    expect(err.retryAfterMs).toBe(7000);
  });

  it('429 insufficient_quota is not retried', async () => {
    server.handle((_req, res) =>
      sendJSON(res, 429, { error: { message: 'You exceeded your current quota', code: 'insufficient_quota' } }),
    );
    const err = infoOf((await collect()).error);
    expect(err.info.kind).toBe('rate_limited');
    expect(err.retryable).toBe(false);
  });

  it('500 and 503 with retry-after-ms: retryable server errors', async () => {
    server.handle((_req, res) => sendJSON(res, 500, { error: { message: 'boom' } }));
    const before = server.requests.length;
    const err = infoOf((await collect()).error);
    expect(server.requests.length - before).toBe(1);
    expect(err.info).toMatchObject({ kind: 'server', status: 500 });
    expect(err.retryable).toBe(true);

    server.handle((_req, res) => {
      res.writeHead(503, { 'retry-after-ms': '250', 'content-type': 'text/html' });
      res.end('<html>Service Unavailable</html>');
    });
    const before2 = server.requests.length;
    const err2 = infoOf((await collect()).error);
    expect(server.requests.length - before2).toBe(1);
    expect(err2.info).toMatchObject({ kind: 'server', status: 503 });
    expect(err2.retryAfterMs).toBe(250);
  });

  it('a 200 stream carrying an error chunk ends with provider_stream_error after the earlier chunks', async () => {
    server.handle((_req, res) => {
      startSSE(res);
      res.write('data: {"choices":[{"index":0,"delta":{"content":"Hel"}}]}\n\n');
      res.write(`data: {"error":{"message":"upstream failed for key ${KEY}","code":502}}\n\n`);
      res.end('data: [DONE]\n\n');
    });
    const { chunks, error } = await collect();
    expect(chunks).toHaveLength(1);
    const err = infoOf(error);
    expect(err.info).toMatchObject({ kind: 'provider_stream_error', status: 502, code: '502' });
    expect(err.retryable).toBe(true);
    expect(err.message).toBe('upstream failed for key [redacted]');
  });

  it("says what another format's reply holds that its body cannot carry, before sending", async () => {
    server.handle((_req, res) => {
      startSSE(res);
      res.end('data: {"choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n');
    });
    const sent: SentBody[] = [];
    const conversation: Conversation = {
      tools: [],
      messages: [
        { id: 'u1', createdAt: 0, role: 'user', content: 'Weather?' },
        parisReply('a1', { wireParts: ANTHROPIC_PARIS }),
      ],
    };
    const signal = new AbortController().signal;
    for await (const _ of client().stream(request, { signal, conversation, onSent: (b) => sent.push(b) })) void _;
    expect(sent).toHaveLength(1);
    expect(sent[0]?.leftOut).toEqual([
      { messageId: 'a1', what: 'signed_thinking', why: expect.stringContaining('Chat Completions cannot carry') },
    ]);
    // Nothing to say of a history in its own format.
    sent.length = 0;
    for await (const _ of client().stream(request, { signal, onSent: (b) => sent.push(b) })) void _;
    expect(sent).toEqual([{ leftOut: [] }]);
  });

  it('a disconnect mid-stream is a retryable network error, after the chunks that arrived', async () => {
    server.handle(async (_req, res) => {
      startSSE(res);
      res.write('data: {"choices":[{"index":0,"delta":{"content":"Hel"}}]}\n\n');
      await sleep(20);
      res.socket?.destroy();
    });
    const { chunks, error } = await collect();
    expect(chunks).toHaveLength(1);
    const err = infoOf(error);
    expect(err.info.kind).toBe('network');
    expect(err.retryable).toBe(true);
  });

  it('aborting while streaming rejects with AbortError and the server sees the connection close', async () => {
    server.handle((_req, res) => {
      startSSE(res);
      res.write('data: {"choices":[{"index":0,"delta":{"content":"Hel"}}]}\n\n');
      // Never ends: only the client's abort can close it.
    });
    const controller = new AbortController();
    const iterator = client().stream(request, { signal: controller.signal })[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    const pending = iterator.next();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect(pending).rejects.not.toBeInstanceOf(ModelError);
    expect(await server.requests.at(-1)?.closed).toEqual({ completed: false });
  });

  it('aborting before the headers arrive also closes the connection', async () => {
    server.handle(() => {
      // Holds the request open without answering.
    });
    const controller = new AbortController();
    const before = server.requests.length;
    const run = collect(controller.signal);
    while (server.requests.length === before) await sleep(5);
    controller.abort();
    const { error } = await run;
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(await server.requests.at(-1)?.closed).toEqual({ completed: false });
  });

  it('an already-aborted signal sends nothing', async () => {
    const before = server.requests.length;
    const controller = new AbortController();
    controller.abort();
    const { error } = await collect(controller.signal);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(server.requests.length).toBe(before);
  });

  it('an endpoint nobody listens on is cors_or_unreachable, naming the providers that allow browsers', async () => {
    const gone = await startTestServer();
    const baseURL = gone.baseURL;
    await gone.close();
    const c = createOpenAIClient({ apiKey: KEY, baseURL });
    let error: unknown = null;
    try {
      for await (const _chunk of c.stream(request, { signal: new AbortController().signal })) {
        // unreachable
      }
    } catch (e) {
      error = e;
    }
    const err = infoOf(error);
    expect(err.info).toMatchObject({ kind: 'cors_or_unreachable', baseURL });
    expect(err.message).toMatch(/CORS/);
    for (const name of ['OpenAI', 'OpenRouter', 'Groq', 'Together']) expect(err.message).toContain(name);
    expect(err.retryable).toBe(false);
  });

  it('reads every recorded fixture to its end without calling it cut short', async () => {
    const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.sse'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(join(FIXTURES, file), 'utf8');
      server.handle((_req, res) => {
        startSSE(res);
        res.end(text);
      });
      const { chunks, error } = await collect();
      if (error !== null) {
        // Only the fixtures that record a provider error end in one, and it is that error.
        expect(infoOf(error).info.kind, file).toBe('provider_stream_error');
      } else {
        expect(chunks.length, file).toBeGreaterThan(0);
      }
    }
  });

  it('a success without a body is the server answering wrongly (retryable), not a lost connection', async () => {
    server.handle((_req, res) => {
      res.writeHead(204).end();
    });
    const err = infoOf((await collect()).error);
    expect(err.info).toEqual({
      fault: 'system',
      kind: 'server',
      status: 204,
      message: `${new URL(server.baseURL).host} answered with an empty body (HTTP 204).`,
    });
    expect(err.retryable).toBe(true);
  });

  it('a body that ends without [DONE] and without a finish_reason is a retryable network error, not a short reply', async () => {
    server.handle((_req, res) => {
      startSSE(res);
      res.end('data: {"choices":[{"index":0,"delta":{"content":"Hel"},"finish_reason":null}]}\n\n');
    });
    const { chunks, error } = await collect();
    expect(chunks).toHaveLength(1);
    const err = infoOf(error);
    expect(err.info.kind).toBe('network');
    expect(err.message).toMatch(/the stream ended before the reply was complete/i);
    expect(err.retryable).toBe(true);

    // A finish_reason without [DONE] is how some servers end a complete reply.
    server.handle((_req, res) => {
      startSSE(res);
      res.end('data: {"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"stop"}]}\n\n');
    });
    expect((await collect()).error).toBeNull();
  });

  it('reports SSE keep-alive comments (OpenRouter) as activity through the stream hooks', async () => {
    let activity = 0;
    let noticed: () => void = () => {};
    server.handle(async (_req, res) => {
      startSSE(res);
      // Each keep-alive goes out alone, and the next waits until the client has counted it.
      for (let i = 0; i < 3; i++) {
        const counted = new Promise<void>((resolve) => (noticed = resolve));
        res.write(': OPENROUTER PROCESSING\n\n');
        await counted;
      }
      res.end('data: {"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n');
    });
    const chunks: ChatCompletionChunk[] = [];
    const onActivity = () => {
      activity++;
      noticed();
    };
    for await (const c of client().stream(request, { signal: new AbortController().signal, onActivity }))
      chunks.push(c);
    expect(chunks).toHaveLength(1);
    expect(activity).toBe(3);
  });
});
