import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ModelError } from '../../src/agent/errors';
import { readSSE } from '../../src/llm/sse-reader';
import {
  type AnthropicEvent,
  type AnthropicTurn,
  accumulateAnthropic,
  isAnthropicStreamFinal,
} from '../../src/llm/wire/anthropic/anthropic-stream';
import { type MockServer, startMockServer } from './mock-server';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(() => mock.close());
beforeEach(() => {
  mock.reset();
  mock.configure({ apiKey: undefined });
});

const HEADERS = { 'content-type': 'application/json', 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01' };

function post(body: unknown, headers: Record<string, string> = HEADERS): Promise<Response> {
  return fetch(`${mock.origin}/v1/messages`, { method: 'POST', headers, body: JSON.stringify(body) });
}

/** The reply read the way the app reads it: sse-reader (with Anthropic's end-of-stream test) into the decoder. */
async function turnOf(res: Response): Promise<AnthropicTurn> {
  expect(res.status).toBe(200);
  if (!res.body) throw new Error('no body');
  return accumulateAnthropic(readSSE<AnthropicEvent>(res.body, { isFinal: isAnthropicStreamFinal }));
}

const ask = (messages: unknown[], extra: Record<string, unknown> = {}) => ({
  model: 'mock-claude',
  max_tokens: 1024,
  stream: true,
  thinking: { type: 'enabled', budget_tokens: 2048 },
  tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
  messages,
  ...extra,
});
const USER = { role: 'user', content: 'Weather in Paris?' };

/** Runs the first request of a tool loop and returns its turn and the message that answers its call. */
async function firstLeg(): Promise<{ turn: AnthropicTurn; result: unknown }> {
  mock.script([
    {
      kind: 'tool_calls',
      reasoning: 'The user wants the weather. I will call the tool.',
      text: 'Let me look.',
      calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
    },
    { kind: 'text', content: 'It is sunny in Paris.' },
  ]);
  const turn = await turnOf(await post(ask([USER])));
  const id = turn.toolCalls[0]?.id ?? '';
  return { turn, result: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: '21 C' }] } };
}

const errorOf = async (res: Response) =>
  (await res.json()) as { type: string; error: { type: string; message: string } };

describe('the mock server speaks Anthropic Messages', () => {
  it('streams a scripted text turn with signed thinking that the Anthropic decoder assembles', async () => {
    mock.script([
      { kind: 'text', reasoning: 'A short thought.', content: 'Hello from Claude.', usage: { prompt_tokens: 42 } },
    ]);
    const turn = await turnOf(await post(ask([USER])));
    expect(turn.text).toBe('Hello from Claude.');
    expect(turn.reasoning).toBe('A short thought.');
    expect(turn.stopReason).toBe('end_turn');
    expect(turn.finishReason).toBe('stop');
    expect(turn.model).toBe('mock-claude');
    expect(turn.usage?.promptTokens).toBe(42);
    expect(turn.content).toEqual([
      { type: 'thinking', thinking: 'A short thought.', signature: expect.stringMatching(/^mocksig_.{20,}/) as string },
      { type: 'text', text: 'Hello from Claude.' },
    ]);
    const rec = mock.requests[0];
    expect(rec?.path).toBe('/v1/messages');
    expect(rec?.headers['x-api-key']).toBe('sk-ant-test');
    expect(rec?.headers.authorization).toBeUndefined();
  });

  it('carries a tool loop: the signed thinking block sent back first and unchanged is accepted', async () => {
    const { turn, result } = await firstLeg();
    expect(turn.stopReason).toBe('tool_use');
    expect(turn.toolCalls).toEqual([
      { id: expect.any(String) as string, name: 'get_weather', arguments: '{"city":"Paris"}' },
    ]);
    expect(turn.content.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use']);
    const second = await turnOf(await post(ask([USER, { role: 'assistant', content: turn.content }, result])));
    expect(second.text).toBe('It is sunny in Paris.');
    expect(mock.requests).toHaveLength(2);
    expect((mock.requests[1]?.body.messages?.[1] as { content: unknown }).content).toEqual(turn.content);
  });

  it("refuses a tool-loop turn without its thinking block first, with Anthropic's words, taking no scripted step", async () => {
    const { turn, result } = await firstLeg();
    const withoutThinking = turn.content.filter((b) => b.type !== 'thinking');
    const res = await post(ask([USER, { role: 'assistant', content: withoutThinking }, result]));
    expect(res.status).toBe(400);
    const body = await errorOf(res);
    expect(body.type).toBe('error');
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(
      /^messages\.1\.content\.0\.type: Expected `thinking` or `redacted_thinking`, but found `text`\. When `thinking` is enabled/,
    );
    expect(mock.pending).toBe(1);
    // Thinking first but after the text is the same breach; with thinking off the same history is fine.
    const moved = [...withoutThinking.slice(0, 1), turn.content[0], ...withoutThinking.slice(1)];
    expect((await post(ask([USER, { role: 'assistant', content: moved }, result]))).status).toBe(400);
    const off = await post(
      ask([USER, { role: 'assistant', content: withoutThinking }, result], { thinking: undefined }),
    );
    expect((await turnOf(off)).text).toBe('It is sunny in Paris.');
  });

  it('refuses a thinking block whose text or signature changed, and one without a signature', async () => {
    const { turn, result } = await firstLeg();
    const [thinking, ...rest] = turn.content;
    const send = (first: unknown) => post(ask([USER, { role: 'assistant', content: [first, ...rest] }, result]));
    const edited = await send({ ...thinking, thinking: 'Something I never thought.' });
    expect(edited.status).toBe(400);
    expect((await errorOf(edited)).error.message).toBe('messages.1.content.0: Invalid `signature` in `thinking` block');
    const resigned = await send({ ...thinking, signature: `${String(thinking?.signature)}x` });
    expect((await errorOf(resigned)).error.message).toBe(
      'messages.1.content.0: Invalid `signature` in `thinking` block',
    );
    const unsigned = await send({ ...thinking, signature: '' });
    expect((await errorOf(unsigned)).error.message).toBe('messages.1.content.0.thinking.signature: Field required');
    // A redacted block in its place keeps the rule (its data is opaque to the server).
    expect((await send({ type: 'redacted_thinking', data: 'EmwKAhgB' })).status).toBe(200);
  });

  it('renders a stream error as an `event: error` that the reader reports with the provider words', async () => {
    mock.script([{ kind: 'stream_error', message: 'Overloaded', textBefore: 'Partial answer' }]);
    const res = await post(ask([USER]));
    await expect(turnOf(res)).rejects.toSatisfy(
      (e) => e instanceof ModelError && e.info.kind === 'provider_stream_error' && e.message.includes('Overloaded'),
    );
  });

  it('plays the timing steps in this format too: a disconnect mid-stream is a cut stream, an http_error is Anthropic-shaped', async () => {
    mock.script([
      { kind: 'disconnect', afterChunks: 4, step: { kind: 'text', content: 'one two three four five six' } },
      { kind: 'http_error', status: 529, message: 'Overloaded' },
    ]);
    await expect(turnOf(await post(ask([USER])))).rejects.toSatisfy(
      (e) => e instanceof ModelError && e.info.kind === 'network',
    );
    const res = await post(ask([USER]));
    expect(res.status).toBe(529);
    expect((await errorOf(res)).error).toEqual({ type: 'overloaded_error', message: 'Overloaded' });
  });

  it('lists models in Anthropic shape with paging for x-api-key, and in OpenAI shape for Bearer', async () => {
    const list = async (query: string) =>
      (await (await fetch(`${mock.origin}/v1/models${query}`, { headers: HEADERS })).json()) as {
        data: { id: string; type: string }[];
        has_more: boolean;
        first_id: string | null;
        last_id: string | null;
      };
    const page1 = await list('?limit=2');
    expect(page1.data.map((m) => m.id)).toEqual(['mock-gpt', 'mock-gpt-mini']);
    expect(page1).toMatchObject({ has_more: true, first_id: 'mock-gpt', last_id: 'mock-gpt-mini' });
    expect(page1.data[0]?.type).toBe('model');
    const page2 = await list(`?limit=2&after_id=${page1.last_id}`);
    expect(page2.data.map((m) => m.id)).toEqual(['mock-reasoner', 'mock-embedding']);
    expect(page2.has_more).toBe(false);
    const openai = await fetch(`${mock.url}/models`, { headers: { authorization: 'Bearer sk-test' } });
    expect(((await openai.json()) as { object: string }).object).toBe('list');
  });

  it('refuses like Anthropic when a required header is missing or the key is wrong, and allows the headers in a preflight', async () => {
    const without = (name: string) => Object.fromEntries(Object.entries(HEADERS).filter(([k]) => k !== name));
    const noKey = await post(ask([USER]), without('x-api-key'));
    expect(noKey.status).toBe(401);
    expect((await errorOf(noKey)).error).toEqual({
      type: 'authentication_error',
      message: 'x-api-key header is required',
    });
    const noVersion = await post(ask([USER]), without('anthropic-version'));
    expect(noVersion.status).toBe(400);
    expect((await errorOf(noVersion)).error.message).toBe('anthropic-version: header is required');
    const browser = await post(ask([USER]), { ...HEADERS, origin: 'http://127.0.0.1:4510' });
    expect(browser.status).toBe(401);
    expect((await errorOf(browser)).error.message).toBe(
      "CORS requests must set 'anthropic-dangerous-direct-browser-access' header",
    );
    mock.configure({ apiKey: 'sk-ant-right' });
    expect((await post(ask([USER]))).status).toBe(401);
    expect(mock.requests).toHaveLength(0);
    mock.configure({ apiKey: undefined });
    mock.script([{ kind: 'text', content: 'ok' }]);
    const allowed = await post(ask([USER]), {
      ...HEADERS,
      origin: 'http://127.0.0.1:4510',
      'anthropic-dangerous-direct-browser-access': 'true',
    });
    expect((await turnOf(allowed)).text).toBe('ok');
    const preflight = await fetch(`${mock.origin}/v1/messages`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:4510',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key,anthropic-version,anthropic-dangerous-direct-browser-access',
      },
    });
    expect(preflight.status).toBe(204);
    const allowedHeaders = preflight.headers.get('access-control-allow-headers') ?? '';
    for (const h of ['x-api-key', 'anthropic-version', 'anthropic-dangerous-direct-browser-access'])
      expect(allowedHeaders.split(', ')).toContain(h);
  });
});
