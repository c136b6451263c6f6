import { LLMock } from '@copilotkit/aimock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSSE } from '../../src/llm/sse-reader';
import {
  type AnthropicEvent,
  type AnthropicTurn,
  accumulateAnthropic,
  isAnthropicStreamFinal,
} from '../../src/llm/wire/anthropic/anthropic-stream';
import { createGeminiAccumulator, isGeminiFinal } from '../../src/llm/wire/gemini/gemini-accumulator';
import type { GeminiStreamChunk } from '../../src/llm/wire/gemini/gemini-stream-types';

/**
 * A second, third-party mock (aimock) that speaks both protocols and enforces Anthropic's thinking rule in strict
 * mode: the decoders must read its streams, and a tool loop without its thinking block must be refused by a server
 * that is not ours too (docs/speed-and-tests.md).
 */
let aimock: LLMock;
let url: string;
const CALL_ID = 'toolu_aimock_1';
beforeAll(async () => {
  aimock = new LLMock({ host: '127.0.0.1', port: 0, strict: true });
  aimock.onToolResult(CALL_ID, { content: 'Sunny in Paris.' });
  aimock.onMessage('Weather in Paris?', {
    reasoning: 'The user wants the weather: call the tool.',
    toolCalls: [{ id: CALL_ID, name: 'get_weather', arguments: '{"city":"Paris"}' }],
  });
  aimock.onMessage('Say hello', { content: 'Hello there.', reasoning: 'A greeting.' });
  url = await aimock.start();
});
afterAll(() => aimock.stop());

const HEADERS = { 'content-type': 'application/json', 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01' };
const USER = { role: 'user', content: 'Weather in Paris?' };
const ask = (messages: unknown[]) => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 1024,
  stream: true,
  thinking: { type: 'enabled', budget_tokens: 2048 },
  messages,
});
const post = (body: unknown) =>
  fetch(`${url}/v1/messages`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });

async function turnOf(res: Response): Promise<AnthropicTurn> {
  expect(res.status).toBe(200);
  if (!res.body) throw new Error('no body');
  return accumulateAnthropic(readSSE<AnthropicEvent>(res.body, { isFinal: isAnthropicStreamFinal }));
}

describe('aimock, a third-party mock on 127.0.0.1', () => {
  it('streams a tool loop the Anthropic decoder reads, and refuses the next turn without its thinking block', async () => {
    const turn = await turnOf(await post(ask([USER])));
    expect(turn.content.map((b) => b.type)).toEqual(['thinking', 'tool_use']);
    expect(turn.toolCalls).toEqual([{ id: CALL_ID, name: 'get_weather', arguments: '{"city":"Paris"}' }]);
    const result = { role: 'user', content: [{ type: 'tool_result', tool_use_id: CALL_ID, content: '21 C' }] };

    const refused = await post(ask([USER, { role: 'assistant', content: turn.content.slice(1) }, result]));
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { type: string; error: { type: string; message: string } };
    expect(body.type).toBe('error');
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(
      /^messages\.1\.content\.0: .*must begin with a `thinking` block; got `tool_use`/,
    );

    const accepted = await turnOf(await post(ask([USER, { role: 'assistant', content: turn.content }, result])));
    expect(accepted.text).toBe('Sunny in Paris.');
  });

  it('streams Gemini that the Gemini accumulator reads, thought parts included', async () => {
    const res = await fetch(`${url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': 'AIza-test' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }] }),
    });
    expect(res.status).toBe(200);
    if (!res.body) throw new Error('no body');
    const acc = createGeminiAccumulator();
    for await (const chunk of readSSE<GeminiStreamChunk>(res.body, { isFinal: isGeminiFinal })) acc.push(chunk);
    const turn = acc.result();
    expect(turn.text).toBe('Hello there.');
    expect(turn.reasoning).toBe('A greeting.');
    expect(turn.finishReasonRaw).toBe('STOP');
  });
});
