import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accumulateResponses, type ResponsesEvent } from '../../src/agent/responses-accumulator';
import { ModelError } from '../../src/agent/errors';
import { createResponsesClient } from '../../src/llm/responses-client';
import { startMockServer, type MockServer } from './mock-server';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(() => mock.close());

const client = () =>
  createResponsesClient({
    apiKey: 'sk-test',
    baseURL: mock.url,
    wire: { format: 'responses', providerTools: [], providerStorage: false },
  });
const stream = (signal = new AbortController().signal) =>
  client().stream({ model: 'mock-reasoner', messages: [{ role: 'user', content: 'hi' }], stream: true }, { signal });

describe('the mock server speaks the Responses streaming format', () => {
  it('streams reasoning, a web search, parallel calls and text that the app assembles', async () => {
    mock.scriptResponses([
      {
        kind: 'responses',
        reasoning: 'Two cities, two calls.',
        encryptedReasoning: 'ENC-1',
        webSearch: { query: 'weather', sources: ['https://example.com/w'] },
        calls: [
          { name: 'weather', arguments: { city: 'Paris' } },
          { name: 'weather', arguments: { city: 'Tokyo' } },
        ],
        text: 'Checking.',
        citations: [{ url: 'https://example.com/w', title: 'W' }],
      },
    ]);
    const turn = await accumulateResponses(stream());
    expect(turn.reasoning).toBe('Two cities, two calls.');
    expect(turn.text).toBe('Checking.');
    expect(turn.toolCalls.map((c) => c.arguments)).toEqual(['{"city":"Paris"}', '{"city":"Tokyo"}']);
    expect(turn.items).toEqual([
      {
        kind: 'reasoning',
        id: expect.any(String) as string,
        summary: ['Two cities, two calls.'],
        encryptedContent: 'ENC-1',
      },
      {
        kind: 'provider_tool',
        id: expect.any(String) as string,
        itemType: 'web_search_call',
        name: 'web_search',
        status: 'completed',
        input: 'weather',
        output: 'https://example.com/w',
      },
    ]);
    expect(turn.citations).toEqual([{ kind: 'url', ref: 'https://example.com/w', title: 'W' }]);
    expect(turn.usage).toMatchObject({ cachedTokens: 8 });
    expect(mock.requests.at(-1)?.path).toBe('/v1/responses');
  });

  it('sends an error event mid-stream, which the client reports after the events before it', async () => {
    mock.scriptResponses([
      {
        kind: 'responses',
        text: 'one two three four',
        errorAfter: 6,
        error: { code: 'server_error', message: 'Mock failure.' },
      },
    ]);
    const seen: ResponsesEvent[] = [];
    let error: unknown;
    try {
      for await (const e of stream()) seen.push(e);
    } catch (e) {
      error = e;
    }
    expect(seen).toHaveLength(6);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).info.message).toBe('Mock failure.');
  });
});
