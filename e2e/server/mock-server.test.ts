import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APIConnectionError, APIError, RateLimitError } from 'openai';
import { readFixture, startMockServer, type MockServer } from './mock-server';
import { assemble, chatBody, collect, parseSse, postChat, sdk } from './testing/mock-client';

let mock: MockServer;
beforeEach(async () => {
  mock = await startMockServer();
});
afterEach(async () => {
  await mock.close();
});

const streamReq = (content = 'hi', extra: Record<string, unknown> = {}) => ({
  ...chatBody(content),
  stream: true as const,
  stream_options: { include_usage: true },
  ...extra,
});

describe('text step', () => {
  it('streams OpenAI wire format that the SDK parses, with usage and [DONE]', async () => {
    mock.script([
      { kind: 'text', content: 'Hello there, world!', chunks: 4, usage: { prompt_tokens: 11, completion_tokens: 5 } },
    ]);
    const res = await postChat(mock.url, streamReq());
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = parseSse(await res.text());
    expect(events.at(-1)).toEqual({ event: null, data: '[DONE]' });
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e.data) as Record<string, unknown>);
    for (const c of chunks) {
      expect(c).toMatchObject({ object: 'chat.completion.chunk', model: 'mock-gpt' });
      expect(c.id).toBe(chunks[0]!.id);
      expect(typeof c.created).toBe('number');
    }
    const contentDeltas = chunks.flatMap((c) =>
      (c.choices as Array<{ delta: { content?: string } }>).map((ch) => ch.delta.content).filter((x) => x),
    );
    expect(contentDeltas).toHaveLength(4);
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 11, completion_tokens: 5, total_tokens: 16 },
    });

    mock.script([{ kind: 'text', content: 'Hello there, world!', chunks: 4 }]);
    const viaSdk = await collect(await sdk(mock.url).chat.completions.create(streamReq()));
    expect(assemble(viaSdk)).toMatchObject({ text: 'Hello there, world!', finish: 'stop' });
    expect(viaSdk.at(-1)?.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('omits the usage chunk when the request did not ask for it', async () => {
    mock.script([{ kind: 'text', content: 'no usage' }]);
    const chunks = await collect(await sdk(mock.url).chat.completions.create({ ...chatBody('x'), stream: true }));
    expect(chunks.every((c) => c.choices.length === 1 && c.usage === undefined)).toBe(true);
  });

  it('streams reasoning_content before the content and can finish with length', async () => {
    mock.script([{ kind: 'text', reasoning: 'Think first.', content: 'Cut', finish: 'length' }]);
    const chunks = await collect(await sdk(mock.url).chat.completions.create(streamReq()));
    const kinds = chunks.flatMap((c) =>
      c.choices.map((ch) => ('reasoning_content' in ch.delta ? 'r' : ch.delta.content ? 'c' : '-')),
    );
    expect(kinds.join('').replace(/-/g, '')).toMatch(/^r+c+$/);
    expect(assemble(chunks)).toMatchObject({ reasoning: 'Think first.', text: 'Cut', finish: 'length' });
  });
});

describe('tool_calls step', () => {
  it('interleaves fragments of parallel calls by index after leading text', async () => {
    mock.script([
      {
        kind: 'tool_calls',
        text: 'Let me check.',
        fragments: 4,
        calls: [
          { id: 'call_a', name: 'get_weather', arguments: { city: 'Paris' } },
          { id: 'call_b', name: 'get_time', arguments: { tz: 'Europe/Paris' } },
        ],
      },
    ]);
    const chunks = await collect(await sdk(mock.url).chat.completions.create(streamReq()));
    const got = assemble(chunks);
    expect(got.text).toBe('Let me check.');
    expect(got.finish).toBe('tool_calls');
    expect(got.calls).toEqual([
      { id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { id: 'call_b', name: 'get_time', arguments: '{"tz":"Europe/Paris"}' },
    ]);
    const fragmentIndexes = chunks.flatMap((c) =>
      c.choices.flatMap((ch) => (ch.delta.tool_calls ?? []).filter((t) => !t.id).map((t) => t.index)),
    );
    expect(fragmentIndexes).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
    const heads = chunks.flatMap((c) => c.choices.flatMap((ch) => (ch.delta.tool_calls ?? []).filter((t) => t.id)));
    expect(heads.map((h) => h.function?.arguments)).toEqual(['', '']);
  });

  it('sends calls one after another with order sequential, and invalid JSON arguments as given', async () => {
    mock.script([
      {
        kind: 'tool_calls',
        order: 'sequential',
        finish: 'stop',
        calls: [
          { name: 'a', arguments: '{"x":' },
          { name: 'b', arguments: '{}' },
        ],
      },
    ]);
    const chunks = await collect(await sdk(mock.url).chat.completions.create(streamReq()));
    const indexes = chunks.flatMap((c) => c.choices.flatMap((ch) => (ch.delta.tool_calls ?? []).map((t) => t.index)));
    expect(indexes).toEqual([...indexes].sort());
    const got = assemble(chunks);
    expect(got.calls.map((c) => c.arguments)).toEqual(['{"x":', '{}']);
    expect(got.finish).toBe('stop');
    expect(new Set(got.calls.map((c) => c.id)).size).toBe(2);
  });
});

describe('non-streaming requests', () => {
  it('answer with a chat.completion JSON for text and for tool calls', async () => {
    mock.script([
      { kind: 'text', content: 'A summary.' },
      { kind: 'tool_calls', calls: [{ name: 'f', arguments: { a: 1 } }] },
    ]);
    const client = sdk(mock.url);
    const a = await client.chat.completions.create(chatBody('summarise'));
    expect(a.object).toBe('chat.completion');
    expect(a.choices[0]?.message.content).toBe('A summary.');
    expect(a.usage?.total_tokens).toBeGreaterThan(0);
    const b = await client.chat.completions.create(chatBody('call'));
    expect(b.choices[0]?.finish_reason).toBe('tool_calls');
    expect(b.choices[0]?.message.tool_calls?.[0]).toMatchObject({
      type: 'function',
      function: { name: 'f', arguments: '{"a":1}' },
    });
    expect(mock.requests.map((r) => r.stream)).toEqual([false, false]);
  });
});

describe('errors', () => {
  it('http_error 429 carries retry-after headers and OpenAI error shape; the SDK honours retry-after-ms', async () => {
    mock.script([{ kind: 'http_error', status: 429, retryAfter: 7, retryAfterMs: 20, message: 'Slow down' }]);
    const res = await postChat(mock.url, streamReq());
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(res.headers.get('retry-after-ms')).toBe('20');
    expect(await res.json()).toEqual({
      error: { message: 'Slow down', type: 'requests', param: null, code: 'rate_limit_exceeded' },
    });

    mock.script([{ kind: 'http_error', status: 429, retryAfterMs: 20 }]);
    const err = await sdk(mock.url)
      .chat.completions.create(streamReq())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).headers.get('retry-after-ms')).toBe('20');

    mock.reset();
    mock.script([
      { kind: 'http_error', status: 500, retryAfterMs: 10 },
      { kind: 'text', content: 'recovered' },
    ]);
    const chunks = await collect(await sdk(mock.url, 'sk-test-key', 1).chat.completions.create(streamReq()));
    expect(assemble(chunks).text).toBe('recovered');
    expect(mock.requests).toHaveLength(2);
    expect(mock.requests[1]?.headers['x-stainless-retry-count']).toBe('1');
  });

  it('stream_error as a chunk with `error` after partial text makes the SDK throw the provider message', async () => {
    mock.script([
      { kind: 'stream_error', textBefore: 'partial answer', message: 'The server had an error', type: 'server_error' },
    ]);
    const seen: string[] = [];
    const err = await (async () => {
      for await (const c of await sdk(mock.url).chat.completions.create(streamReq()))
        seen.push(c.choices[0]?.delta.content ?? '');
    })().catch((e: unknown) => e);
    expect(seen.join('')).toBe('partial answer');
    expect(err).toBeInstanceOf(APIError);
    expect((err as APIError).message).toContain('The server had an error');
  });

  it('stream_error as `event: error` follows the Groq wire shape, without [DONE]', async () => {
    mock.script([
      {
        kind: 'stream_error',
        style: 'event',
        message: 'tool_use_failed: bad call',
        code: 'tool_use_failed',
        statusCode: 400,
      },
    ]);
    const events = parseSse(await (await postChat(mock.url, streamReq())).text());
    expect(events).toHaveLength(1);
    expect(events[0]?.event).toBe('error');
    expect(JSON.parse(events[0]!.data)).toEqual({
      error: {
        message: 'tool_use_failed: bad call',
        type: 'server_error',
        param: null,
        code: 'tool_use_failed',
        status_code: 400,
      },
    });
    mock.script([{ kind: 'stream_error', style: 'event', message: 'boom' }]);
    await expect(collect(await sdk(mock.url).chat.completions.create(streamReq()))).rejects.toBeInstanceOf(APIError);
  });
});

describe('connection behaviour', () => {
  it('disconnect after K chunks: the client sees K events, then a broken stream; the server marks it as its own doing', async () => {
    mock.script([
      { kind: 'disconnect', afterChunks: 3, step: { kind: 'text', content: 'one two three four five six' } },
    ]);
    const seen: unknown[] = [];
    const err = await (async () => {
      for await (const c of await sdk(mock.url).chat.completions.create(streamReq())) seen.push(c);
    })().catch((e: unknown) => e);
    expect(seen).toHaveLength(3);
    expect(err).toBeInstanceOf(Error);
    expect(await mock.waitForClose(0)).toMatchObject({ by: 'server' });
    expect(mock.disconnects).toBe(0);
  });

  it('disconnect before any byte is a connection error for the SDK', async () => {
    mock.script([{ kind: 'disconnect' }]);
    await expect(sdk(mock.url).chat.completions.create(streamReq())).rejects.toBeInstanceOf(APIConnectionError);
  });

  it('a client abort mid-stream is seen by the server as a disconnect of that request', async () => {
    mock.script([{ kind: 'text', content: 'a b c d e f g h i j k l m n o p', chunkDelayMs: 50 }]);
    const stream = await sdk(mock.url).chat.completions.create(streamReq());
    let n = 0;
    for await (const _c of stream) {
      if (++n === 2) stream.controller.abort();
    }
    const { at } = await mock.waitForDisconnect(0);
    expect(at).toBeGreaterThanOrEqual(mock.requests[0]!.receivedAt);
    expect(mock.disconnects).toBe(1);
    expect(mock.requests[0]?.closedBy).toBe('client');
  });

  it('hang sends nothing until the client goes away; with afterChunks it goes quiet mid-stream', async () => {
    mock.script([{ kind: 'hang' }, { kind: 'hang', afterChunks: 2 }]);
    const ac = new AbortController();
    const pending = postChat(mock.url, streamReq(), { signal: ac.signal }).catch((e: unknown) => e);
    await mock.waitForRequest(0);
    ac.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    await mock.waitForDisconnect(0);
    expect(mock.requests[0]?.status).toBeUndefined();

    const ac2 = new AbortController();
    const res = await postChat(mock.url, streamReq(), { signal: ac2.signal });
    const reader = res.body!.getReader();
    let text = '';
    while (parseSse(text).length < 2) text += new TextDecoder().decode((await reader.read()).value);
    expect(parseSse(text)).toHaveLength(2);
    ac2.abort();
    await mock.waitForDisconnect(1);
    expect(mock.disconnects).toBe(2);
  });

  it('keep_alive: the role chunk, then only comment lines for forMs, then the rest of the answer', async () => {
    mock.script([
      {
        kind: 'keep_alive',
        forMs: 300,
        everyMs: 50,
        comment: 'OPENROUTER PROCESSING',
        step: { kind: 'text', content: 'Thought long.' },
      },
    ]);
    const res = await postChat(mock.url, streamReq());
    const body = await res.text();
    const blocks = body.split('\n\n').filter((b) => b !== '');
    const comments = blocks.map((b, i) => (b === ': OPENROUTER PROCESSING' ? i : -1)).filter((i) => i >= 0);
    // One event (the role chunk) first, then an unbroken run of comments, then the rest.
    expect(comments[0]).toBe(1);
    expect(comments.at(-1)).toBe(comments.length);
    expect(comments.length).toBeGreaterThanOrEqual(2);
    expect(
      parseSse(body)
        .map((e) => e.data)
        .join(''),
    ).toContain('Thought');
    expect(parseSse(body).at(-1)?.data).toBe('[DONE]');

    mock.script([{ kind: 'keep_alive', forMs: 100, everyMs: 50, afterChunks: 0 }]);
    const first = (await (await postChat(mock.url, streamReq())).text()).split('\n\n')[0];
    expect(first).toBe(': keep-alive');
  });

  it('slow: nothing arrives before firstByteDelayMs, and chunks are spaced by chunkDelayMs', async () => {
    mock.script([{ kind: 'slow', firstByteDelayMs: 5000 }]);
    const early = await postChat(mock.url, streamReq(), { signal: AbortSignal.timeout(100) }).catch((e: unknown) => e);
    expect(early).toMatchObject({ name: 'TimeoutError' });
    await mock.waitForDisconnect(0);
    expect(mock.requests[0]?.status).toBeUndefined();

    mock.script([{ kind: 'slow', chunkDelayMs: 40, step: { kind: 'text', content: 'x', chunks: 1 } }]);
    const res = await postChat(mock.url, chatBody('x', { stream: true }));
    const arrivals: number[] = [];
    const reader = res.body!.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) arrivals.push(Date.now());
    // role chunk, content, finish, [DONE]: three gaps of at least the delay (timers never fire early by more than a tick).
    expect(arrivals.length).toBeGreaterThanOrEqual(2);
    expect(arrivals.at(-1)! - mock.requests[1]!.receivedAt).toBeGreaterThanOrEqual(3 * 40 - 3);
  });
});

describe('raw, function and default steps', () => {
  it('raw sends a recorded fixture byte for byte', async () => {
    mock.script([{ kind: 'raw', fixture: 'openai-gpt-4o-tool-calls-parallel' }]);
    const body = await (await postChat(mock.url, streamReq())).text();
    expect(body).toBe(readFixture('openai-gpt-4o-tool-calls-parallel.sse'));
    mock.script([{ kind: 'raw', fixture: 'openai-gpt-4o-tool-calls-parallel' }]);
    const got = assemble(await collect(await sdk(mock.url).chat.completions.create(streamReq())));
    expect(got.calls.map((c) => c.name)).toEqual(['GetWeatherArgs', 'get_stock_price']);
  });

  it('a function step decides from the request', async () => {
    mock.script([
      (req) => ({ kind: 'text', content: `you sent ${req.body.messages?.length} message(s) to ${req.body.model}` }),
    ]);
    const got = assemble(await collect(await sdk(mock.url).chat.completions.create(streamReq())));
    expect(got.text).toBe('you sent 1 message(s) to mock-gpt');
  });

  it('uses the configured default step when the queue is empty, FIFO otherwise', async () => {
    mock.configure({ defaultStep: { kind: 'text', content: 'default' } });
    mock.script([
      { kind: 'text', content: 'first' },
      { kind: 'text', content: 'second' },
    ]);
    expect(mock.pending).toBe(2);
    const client = sdk(mock.url);
    const texts: string[] = [];
    for (let i = 0; i < 3; i++)
      texts.push(assemble(await collect(await client.chat.completions.create(streamReq(`m${i}`)))).text);
    expect(texts).toEqual(['first', 'second', 'default']);
    expect(mock.requests.map((r) => r.index)).toEqual([0, 1, 2]);
    expect(mock.requests.map((r) => r.body.messages?.[0]?.content)).toEqual(['m0', 'm1', 'm2']);
  });
});
