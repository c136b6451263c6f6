import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../e2e/server/mock-server';
import type { JudgeCheck } from '../domain/eval-case';
import { askJudge, judgeRequest } from './judge';
import { createJudgeSend } from './judge-send';
import { createCompleteChat } from '../llm/chat-completion';

// The judge's request through the SDK to the project's mock server over a real socket: logprobs read, usage counted.
let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const check: JudgeCheck = {
  kind: 'judge',
  question: 'Does it give a temperature?',
  judgeModel: 'judge-m',
  threshold: 0.5,
};

describe('the judge over HTTP', () => {
  it('sends one request with logprobs, not streamed, and reads the probability of yes and the usage', async () => {
    mock = await startMockServer({ apiKey: 'sk-j' });
    mock.script([
      {
        kind: 'text',
        content: 'yes',
        topLogprobs: [
          { token: 'yes', logprob: Math.log(0.93) },
          { token: 'no', logprob: Math.log(0.07) },
        ],
        usage: { prompt_tokens: 41, completion_tokens: 1, total_tokens: 42 },
      },
    ]);
    const send = createJudgeSend(createCompleteChat({ apiKey: 'sk-j', baseURL: mock.url }));
    const call = await askJudge(
      check,
      'It is 18 °C.',
      { model: 'judge-m', send },
      { input: 1, output: 1 },
      new AbortController().signal,
    );
    expect(call).toMatchObject({
      verdict: 'yes',
      words: 'The judge (judge-m) said yes, 0.93',
      inputTokens: 41,
      outputTokens: 1,
    });
    const body = mock.requests[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ ...judgeRequest(check, 'judge-m', 'It is 18 °C.'), stream: false });
  });

  it('lets the word decide when the endpoint sends no logprobs, and fails on an HTTP error with its words', async () => {
    mock = await startMockServer({ apiKey: 'sk-j' });
    mock.script([
      { kind: 'text', content: 'No.' },
      { kind: 'http_error', status: 500, message: 'The judge broke.' },
    ]);
    const send = createJudgeSend(createCompleteChat({ apiKey: 'sk-j', baseURL: mock.url }));
    const no = await askJudge(check, 'Sunny.', { model: 'judge-m', send }, null, new AbortController().signal);
    expect(no).toMatchObject({ verdict: 'no', probability: null, words: 'The judge (judge-m) said no' });
    const failed = await askJudge(check, 'Sunny.', { model: 'judge-m', send }, null, new AbortController().signal);
    expect(failed.verdict).toBe('failed');
    expect(failed.words).toMatch(/^The judge \(judge-m\) failed: .*The judge broke/);
  });
});
