import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelClient, ModelRequest } from '../agent/model-client';
import type { WireSettings } from './api-format';
import type { CapturedExchange } from '../domain/wire-exchange';
import { createOpenAIClient } from './openai-client';
import { createResponsesClient } from './responses-client';
import { startSSE, startTestServer, type TestServer } from './testing/http-server';
import { createAnthropicClient } from './wire/anthropic/anthropic-client';
import { createGeminiClient } from './wire/gemini/gemini-client';
import { secretVariable, wireCapture } from './wire-capture';

const KEY = 'sk-capture-test-0123456789abcdef';
// A character outside ASCII, so a body compared as bytes would show a wrong encoding.
const request: ModelRequest = { model: 'm-test', messages: [{ role: 'user', content: 'Grüße, 世界' }], stream: true };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Format = {
  readonly name: string;
  readonly client: () => ModelClient;
  /** The header that carries the key, and the variable that stands for it. */
  readonly keyHeader: string;
  readonly variable: string;
  readonly prefix?: string;
  /** The body's pieces, each written on its own after a pause. */
  readonly pieces: readonly string[];
};

const sse = (events: readonly unknown[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`);
const wire = (format: WireSettings['format']): WireSettings => ({ format, providerTools: [], providerStorage: false });
const FORMATS: readonly Format[] = [
  {
    name: 'Chat Completions',
    client: () => createOpenAIClient({ apiKey: KEY, baseURL: server.baseURL }),
    keyHeader: 'authorization',
    variable: 'OPENAI_API_KEY',
    prefix: 'Bearer ',
    pieces: [
      ...sse([{ choices: [{ index: 0, delta: { content: 'Hé' } }] }]),
      ...sse([{ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }]),
      'data: [DONE]\n\n',
    ],
  },
  {
    name: 'Responses',
    client: () => createResponsesClient({ apiKey: KEY, baseURL: server.baseURL, wire: wire('responses') }),
    keyHeader: 'authorization',
    variable: 'OPENAI_API_KEY',
    prefix: 'Bearer ',
    pieces: sse([
      { type: 'response.output_text.delta', delta: 'Hé' },
      { type: 'response.completed', response: { id: 'r1', status: 'completed', output: [] } },
    ]),
  },
  {
    name: 'Anthropic Messages',
    client: () => createAnthropicClient({ apiKey: KEY, baseURL: server.baseURL, wire: wire('anthropic') }),
    keyHeader: 'x-api-key',
    variable: 'ANTHROPIC_API_KEY',
    pieces: [
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hé"}}\n\n',
      'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    ],
  },
  {
    name: 'Gemini',
    client: () => createGeminiClient({ apiKey: KEY, baseURL: server.baseURL, wire: wire('gemini') }),
    keyHeader: 'x-goog-api-key',
    variable: 'GEMINI_API_KEY',
    pieces: sse([
      { candidates: [{ content: { parts: [{ text: 'Hé' }] } }] },
      { candidates: [{ content: { parts: [{ text: '!' }] }, finishReason: 'STOP' }] },
    ]),
  },
];

const pause = () => new Promise((r) => setTimeout(r, 15));

/** Streams one request through the client with a sink, reading every event; resolves with what the sink was handed. */
async function captured(client: ModelClient): Promise<CapturedExchange[]> {
  const got: CapturedExchange[] = [];
  const options = { signal: new AbortController().signal, capture: (e: CapturedExchange) => got.push(e) };
  for await (const _ of client.stream(request, options) as AsyncIterable<unknown>) {
    // Read to the end, as the loop does.
  }
  // The reads are decoded in a later task than the one the body ended in.
  await expect.poll(() => got.length).toBe(1);
  return got;
}

describe.each(FORMATS)('capture of a $name request over a real HTTP server', (format) => {
  it('records the body byte for byte, every header with the key hidden, and every read in order', async () => {
    server.handle(async (_req, res) => {
      startSSE(res);
      for (const piece of format.pieces) {
        res.write(piece);
        await pause();
      }
      res.end();
    });
    const [exchange, ...more] = await captured(format.client());
    expect(more).toEqual([]);
    const seen = server.requests.at(-1);
    if (!exchange || !seen) throw new Error('expected one exchange and one request');
    expect(exchange.request.body).toEqual({ encoding: 'utf8', data: seen.body });
    expect(Buffer.from(exchange.request.body?.data ?? '', 'utf8').equals(Buffer.from(seen.body, 'utf8'))).toBe(true);
    expect(exchange.request.method).toBe('POST');
    expect(new URL(exchange.request.url).pathname + new URL(exchange.request.url).search).toBe(seen.url);
    // The key is nowhere in the record, and the route marker never reached the server.
    expect(JSON.stringify(exchange)).not.toContain(KEY);
    expect(Object.keys(seen.headers).filter((h) => h.startsWith('x-toolscope'))).toEqual([]);
    const key = exchange.request.headers.find((h) => h.name === format.keyHeader);
    const secret =
      format.prefix !== undefined
        ? { variable: format.variable, prefix: format.prefix }
        : { variable: format.variable };
    expect(key).toEqual({ name: format.keyHeader, value: '', secret });
    expect(seen.headers[format.keyHeader]).toBe(`${format.prefix ?? ''}${KEY}`);
    // Every other header recorded is what the server received.
    for (const h of exchange.request.headers) if (!h.secret) expect(seen.headers[h.name]).toBe(h.value);
    const response = exchange.response;
    if (!response) throw new Error('expected a response');
    expect(response.status).toBe(200);
    expect(response.headers).toContainEqual({ name: 'content-type', value: 'text/event-stream' });
    expect(response.reads.map((r) => r.text).join('')).toBe(format.pieces.join(''));
    expect(response.reads.length).toBeGreaterThanOrEqual(2);
    // A reader that stops at the stream's last event (`[DONE]`) leaves the body's end unread: no end time then.
    const times = [
      response.headersAtMs,
      ...response.reads.map((r) => r.atMs),
      ...(response.endedAtMs !== undefined ? [response.endedAtMs] : []),
    ];
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(exchange.failure).toBeUndefined();
  });
});

describe('a request without a sink', () => {
  it('goes out without the route marker and is not recorded', async () => {
    server.handle((_req, res) => {
      startSSE(res);
      res.end('data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n');
    });
    const client = createOpenAIClient({ apiKey: KEY, baseURL: server.baseURL });
    for await (const _ of client.stream(request, { signal: new AbortController().signal })) {
      // Read to the end.
    }
    expect(Object.keys(server.requests.at(-1)?.headers ?? {}).filter((h) => h.startsWith('x-toolscope'))).toEqual([]);
  });
});

describe('a stopped request', () => {
  it('hands over what arrived before the stop, with the reason and no end', async () => {
    let wrote: () => void = () => undefined;
    const first = new Promise<void>((r) => (wrote = r));
    server.handle((_req, res) => {
      startSSE(res);
      res.write('data: {"choices":[{"index":0,"delta":{"content":"Hé"}}]}\n\n');
      wrote();
    });
    const got: CapturedExchange[] = [];
    const ctl = new AbortController();
    const client = createOpenAIClient({ apiKey: KEY, baseURL: server.baseURL });
    const it = client.stream(request, { signal: ctl.signal, capture: (e) => got.push(e) })[Symbol.asyncIterator]();
    await it.next();
    await first;
    ctl.abort();
    await it.next().catch(() => undefined);
    await it.return?.();
    await expect.poll(() => got.length).toBe(1);
    expect(got[0]?.failure).toBeTruthy();
    expect(got[0]?.response?.endedAtMs).toBeUndefined();
    expect(got[0]?.response?.reads.map((r) => r.text).join('')).toContain('"Hé"');
  });
});

describe('wireCapture', () => {
  const echo: typeof fetch = () => Promise.resolve(new Response('ok', { status: 200 }));

  it('passes a request without a route to the inner fetch untouched', async () => {
    const calls: (RequestInit | undefined)[] = [];
    const init: RequestInit = { method: 'POST', body: 'x', headers: { a: 'b' } };
    const capture = wireCapture({ keyVariable: 'K', inner: (_i, given) => (calls.push(given), echo('')) });
    await capture.fetch('http://h/x', init);
    expect(calls).toEqual([init]);
    expect(calls[0]).toBe(init);
  });

  it('keeps bytes that are not UTF-8 as base64, and names a marked secret header by its variable', async () => {
    const got: CapturedExchange[] = [];
    const capture = wireCapture({ keyVariable: 'K', inner: echo, secretHeaders: ['X-Tool-Token'] });
    const bytes = new Uint8Array([0xff, 0x00, 0xc3]);
    await capture.routed(
      (e) => got.push(e),
      async (headers) => {
        const res = await capture.fetch('http://h/x', {
          method: 'put',
          body: bytes,
          headers: { ...headers, 'x-tool-token': 's3' },
        });
        await res.text();
      },
    );
    await expect.poll(() => got.length).toBe(1);
    expect(got[0]?.request).toEqual({
      method: 'PUT',
      url: 'http://h/x',
      headers: [{ name: 'x-tool-token', value: '', secret: { variable: 'TOOLSCOPE_SECRET_X_TOOL_TOKEN' } }],
      body: { encoding: 'base64', data: Buffer.from(bytes).toString('base64') },
    });
    expect(got[0]?.response?.reads).toEqual([{ atMs: expect.any(Number), text: 'ok' }]);
    expect(secretVariable('api.key-2')).toBe('TOOLSCOPE_SECRET_API_KEY_2');
  });

  it('hands a fetch that failed before headers over with its failure, and the sink is forgotten after', async () => {
    const got: CapturedExchange[] = [];
    const capture = wireCapture({ keyVariable: 'K', inner: () => Promise.reject(new TypeError('Failed to fetch')) });
    const route: Record<string, string>[] = [];
    const send = (headers: Record<string, string>) => (route.push(headers), capture.fetch('http://h/x', { headers }));
    await expect(capture.routed((e) => got.push(e), send)).rejects.toThrow('Failed to fetch');
    expect(got).toEqual([
      {
        startedAt: expect.any(Number),
        request: expect.anything(),
        failure: expect.stringContaining('Failed to fetch'),
      },
    ]);
    // The route is gone once its request settled: the same marker again is sent (stripped) but recorded by no one.
    await capture.fetch('http://h/x', { headers: route[0] ?? {} }).catch(() => undefined);
    expect(got).toHaveLength(1);
  });
});
