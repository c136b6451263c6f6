import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../e2e/server/mock-server';
import { createAnthropicClient } from '../llm/wire/anthropic/anthropic-client';
import { createGeminiClient } from '../llm/wire/gemini/gemini-client';
import { askJudge, judgeRequest } from './judge';
import { createStreamedJudgeSend } from './judge-stream-send';

// A judge on a Claude or Gemini endpoint, asked in that endpoint's own API over a real socket.
let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(() => mock.close());
beforeEach(() => {
  mock.reset();
  mock.configure({ apiKey: undefined });
});

const clientOf = (format: 'anthropic' | 'gemini') => {
  const options = {
    apiKey: 'judge-key',
    baseURL: mock.origin,
    wire: { format, providerTools: [], providerStorage: false },
  };
  return format === 'anthropic' ? createAnthropicClient(options) : createGeminiClient(options);
};

const check = {
  kind: 'judge',
  judgeModel: 'judge-model',
  question: 'Does the answer name Paris?',
  threshold: 0.5,
} as const;

describe.each(['anthropic', 'gemini'] as const)('a judge on a %s endpoint', (format) => {
  it('is asked in that format, its verdict read from its words, with its usage', async () => {
    mock.script([{ kind: 'text', content: 'yes' }]);
    const send = createStreamedJudgeSend(clientOf(format));
    const reply = await send(judgeRequest(check, 'judge-model', 'It is Paris.'), new AbortController().signal);
    expect(reply.text).toBe('yes');
    expect(reply.firstTokens).toBeNull();
    expect(reply.usage?.input).toBeGreaterThan(0);
    const request = mock.requests[0];
    expect(request?.path).toBe(
      format === 'anthropic' ? '/v1/messages' : '/v1beta/models/judge-model:streamGenerateContent',
    );
    // The criterion and the answer reached the model in the format's own body.
    expect(JSON.stringify(request?.body)).toContain('Does the answer name Paris?');
    expect(JSON.stringify(request?.body)).toContain('It is Paris.');
  });

  it('its words are the verdict: "no" is no, with no probability (these APIs give no logprobs)', async () => {
    mock.script([{ kind: 'text', content: 'No.' }]);
    const target = { model: 'judge-model', send: createStreamedJudgeSend(clientOf(format)) };
    const call = await askJudge(check, 'It is Lyon.', target, null, new AbortController().signal);
    expect(call).toMatchObject({ verdict: 'no', probability: null, words: 'The judge (judge-model) said no' });
  });
});
