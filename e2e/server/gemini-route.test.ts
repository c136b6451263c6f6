import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ModelError } from '../../src/agent/errors';
import { readSSE } from '../../src/llm/sse-reader';
import { createGeminiAccumulator, type GeminiTurn, isGeminiFinal } from '../../src/llm/wire/gemini/gemini-accumulator';
import type { GeminiPart, GeminiStreamChunk } from '../../src/llm/wire/gemini/gemini-stream-types';
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

const HEADERS = { 'content-type': 'application/json', 'x-goog-api-key': 'AIza-test' };

function post(body: unknown, model = 'mock-gemini', headers: Record<string, string> = HEADERS): Promise<Response> {
  return fetch(`${mock.origin}/v1beta/models/${model}:streamGenerateContent?alt=sse`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
}

/** The reply read the way the app reads it: sse-reader (with Gemini's end-of-stream test) into the accumulator. */
async function turnOf(res: Response): Promise<GeminiTurn> {
  expect(res.status).toBe(200);
  if (!res.body) throw new Error('no body');
  const acc = createGeminiAccumulator();
  for await (const chunk of readSSE<GeminiStreamChunk>(res.body, { isFinal: isGeminiFinal })) acc.push(chunk);
  return acc.result();
}

const USER = { role: 'user', parts: [{ text: 'Weather in Paris?' }] };
const ask = (contents: unknown[]) => ({
  contents,
  tools: [{ functionDeclarations: [{ name: 'get_weather', parameters: { type: 'object' } }] }],
  generationConfig: { thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } },
});

async function firstLeg(model = 'mock-gemini'): Promise<{ turn: GeminiTurn; result: unknown }> {
  mock.script([
    {
      kind: 'tool_calls',
      reasoning: 'I should call the weather tool.',
      calls: [
        { name: 'get_weather', arguments: { city: 'Paris' } },
        { name: 'get_weather', arguments: { city: 'Lyon' } },
      ],
    },
    { kind: 'text', content: 'Sunny in both.' },
  ]);
  const turn = await turnOf(await post(ask([USER]), model));
  const result = {
    role: 'user',
    parts: turn.toolCalls.map((c) => ({ functionResponse: { name: c.name, response: { temperature: 21 } } })),
  };
  return { turn, result };
}

const errorOf = async (res: Response) =>
  (await res.json()) as { error: { code: number; message: string; status: string; details?: unknown[] } };

describe('the mock server speaks Gemini', () => {
  it('streams a scripted text turn with thought parts that the Gemini accumulator assembles', async () => {
    mock.script([{ kind: 'text', reasoning: 'Thinking it over.', content: 'Hello from Gemini.' }]);
    const turn = await turnOf(await post(ask([USER])));
    expect(turn.reasoning).toBe('Thinking it over.');
    expect(turn.text).toBe('Hello from Gemini.');
    expect(turn.finishReasonRaw).toBe('STOP');
    expect(turn.finishReason).toBe('stop');
    expect(turn.modelVersion).toBe('mock-gemini');
    expect(turn.usage?.reasoningTokens).toBeGreaterThan(0);
    expect(turn.parts.at(-1)?.thoughtSignature).toMatch(/^mocksig_/);
    const rec = mock.requests[0];
    expect(rec?.path).toBe('/v1beta/models/mock-gemini:streamGenerateContent');
    expect(rec?.query.alt).toBe('sse');
    expect(rec?.headers['x-goog-api-key']).toBe('AIza-test');
  });

  it('carries a tool loop: the signed functionCall part sent back as it came is accepted', async () => {
    const { turn, result } = await firstLeg();
    expect(turn.toolCalls.map((c) => c.arguments)).toEqual(['{"city":"Paris"}', '{"city":"Lyon"}']);
    const calls = turn.parts.filter((p) => p.functionCall);
    expect(calls[0]?.thoughtSignature).toMatch(/^mocksig_/);
    expect(calls[1]?.thoughtSignature).toBeUndefined();
    const second = await turnOf(await post(ask([USER, { role: 'model', parts: turn.parts }, result])));
    expect(second.text).toBe('Sunny in both.');
    expect((mock.requests[1]?.body.contents as unknown[])[1]).toEqual({ role: 'model', parts: turn.parts });
  });

  it("refuses a current-turn call whose thoughtSignature is missing or changed, with Google's words", async () => {
    const { turn, result } = await firstLeg();
    const send = (parts: GeminiPart[]) => post(ask([USER, { role: 'model', parts }, result]));
    const stripped = await send(turn.parts.map(({ thoughtSignature: _s, ...p }) => p));
    expect(stripped.status).toBe(400);
    const missing = await errorOf(stripped);
    expect(missing.error.status).toBe('INVALID_ARGUMENT');
    expect(missing.error.message).toMatch(
      /^Function call is missing a thought_signature in functionCall parts\..*function call `default_api:get_weather` , position 2\./,
    );
    const changed = await send(
      turn.parts.map((p) => (p.thoughtSignature ? { ...p, thoughtSignature: `${p.thoughtSignature}A` } : p)),
    );
    expect((await errorOf(changed)).error).toMatchObject({ code: 400, message: 'Corrupted thought signature.' });
    const edited = await send(
      turn.parts.map((p) =>
        p.thoughtSignature ? { ...p, functionCall: { name: 'get_weather', args: { city: 'Nice' } } } : p,
      ),
    );
    expect((await errorOf(edited)).error.message).toBe('Corrupted thought signature.');
    expect(mock.pending).toBe(1);
    // An earlier turn is not checked: after a new user message the same unsigned history is fine.
    const later = await post(
      ask([USER, { role: 'model', parts: turn.parts.map(({ thoughtSignature: _s, ...p }) => p) }, result, USER]),
    );
    expect((await turnOf(later)).text).toBe('Sunny in both.');
  });

  it('demands a signature on every current-turn call of a gemini-3 model, accepting the documented dummy', async () => {
    mock.script([{ kind: 'text', content: 'ok' }]);
    const foreign = { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Rome' } } }] };
    const result = { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: {} } }] };
    expect((await post(ask([USER, foreign, result]), 'gemini-3-pro-preview')).status).toBe(400);
    const dummy = {
      role: 'model',
      parts: [{ ...foreign.parts[0], thoughtSignature: 'skip_thought_signature_validator' }],
    };
    expect((await turnOf(await post(ask([USER, dummy, result]), 'gemini-3-pro-preview'))).text).toBe('ok');
  });

  it('renders a stream error as an error object the reader reports, and an http_error in Google shape', async () => {
    mock.script([
      { kind: 'stream_error', message: 'The model is overloaded.', statusCode: 503, textBefore: 'Partial' },
      { kind: 'http_error', status: 429, message: 'Resource has been exhausted (e.g. check quota).' },
    ]);
    await expect(turnOf(await post(ask([USER])))).rejects.toSatisfy(
      (e) => e instanceof ModelError && e.message.includes('The model is overloaded.'),
    );
    const limited = await post(ask([USER]));
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).error.status).toBe('RESOURCE_EXHAUSTED');
  });

  it('plays a hang in this format: two responses, then nothing until the client goes away', async () => {
    mock.script([{ kind: 'hang', afterChunks: 2, step: { kind: 'text', content: 'one two three four' } }]);
    const aborter = new AbortController();
    const res = await post(ask([USER]));
    if (!res.body) throw new Error('no body');
    const seen: GeminiStreamChunk[] = [];
    const reading = (async () => {
      for await (const chunk of readSSE<GeminiStreamChunk>(res.body as ReadableStream<Uint8Array>, {
        signal: aborter.signal,
        isFinal: isGeminiFinal,
      })) {
        seen.push(chunk);
        if (seen.length === 2) aborter.abort();
      }
    })();
    await expect(reading).rejects.toThrow(/abort/i);
    await mock.waitForDisconnect(0);
    expect(seen.map((c) => c.candidates?.[0]?.content?.parts?.[0]?.text)).toEqual(['one ', 'two ']);
  });

  it('lists models as models/<id> with their methods, page by page', async () => {
    const list = async (query: string) =>
      (await (await fetch(`${mock.origin}/v1beta/models${query}`, { headers: HEADERS })).json()) as {
        models: { name: string; supportedGenerationMethods: string[] }[];
        nextPageToken?: string;
      };
    const page1 = await list('?pageSize=3');
    expect(page1.models.map((m) => m.name)).toEqual([
      'models/mock-gpt',
      'models/mock-gpt-mini',
      'models/mock-reasoner',
    ]);
    expect(page1.models[0]?.supportedGenerationMethods).toContain('streamGenerateContent');
    expect(page1.nextPageToken).toEqual(expect.any(String));
    const page2 = await list(`?pageSize=3&pageToken=${page1.nextPageToken}`);
    expect(page2.models.map((m) => m.name)).toEqual(['models/mock-embedding']);
    expect(page2.models[0]?.supportedGenerationMethods).toEqual(['embedContent', 'countTokens']);
    expect(page2.nextPageToken).toBeUndefined();
  });

  it('refuses a request without a key (403) or with a wrong one (400 API_KEY_INVALID) like Google', async () => {
    const noKey = await post(ask([USER]), 'mock-gemini', { 'content-type': 'application/json' });
    expect(noKey.status).toBe(403);
    expect((await errorOf(noKey)).error.status).toBe('PERMISSION_DENIED');
    mock.configure({ apiKey: 'AIza-right' });
    const bad = await post(ask([USER]));
    expect(bad.status).toBe(400);
    const body = await errorOf(bad);
    expect(body.error).toMatchObject({
      code: 400,
      status: 'INVALID_ARGUMENT',
      message: 'API key not valid. Please pass a valid API key.',
    });
    expect(body.error.details).toEqual([expect.objectContaining({ reason: 'API_KEY_INVALID' })]);
    expect(mock.requests).toHaveLength(0);
    mock.script([{ kind: 'text', content: 'ok' }]);
    expect(
      (await turnOf(await post(ask([USER]), 'mock-gemini', { ...HEADERS, 'x-goog-api-key': 'AIza-right' }))).text,
    ).toBe('ok');
  });
});
