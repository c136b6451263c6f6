import { describe, expect, it } from 'vitest';
import type { JudgeCheck } from '../domain/eval-case';
import { askJudge, judgeRequest, readJudgeReply, yesProbability, type JudgeSend } from './judge';

const check: JudgeCheck = {
  kind: 'judge',
  question: 'Does the answer give a temperature?',
  judgeModel: 'judge-m',
  threshold: 0.5,
};
const ln = Math.log;

describe('a model as judge', () => {
  it('asks one short, deterministic question with logprobs, the question and the answer in the user message', () => {
    const body = judgeRequest(check, 'judge-m', 'It is 18 °C.');
    expect(body).toMatchObject({ model: 'judge-m', temperature: 0, logprobs: true, top_logprobs: 5 });
    expect(body.messages[0]?.role).toBe('system');
    expect(body.messages[1]?.content).toBe('Question: Does the answer give a temperature?\n\nAnswer:\nIt is 18 °C.');
  });

  it('reads the probability of yes against no from the first token, whatever its case and spacing', () => {
    expect(
      yesProbability([
        { token: ' Yes', logprob: ln(0.6) },
        { token: 'no', logprob: ln(0.2) },
        { token: 'yes', logprob: ln(0.1) },
      ]),
    ).toBeCloseTo(0.7 / 0.9);
    expect(yesProbability([{ token: 'Maybe', logprob: ln(0.9) }])).toBeNull();
    expect(yesProbability(null)).toBeNull();
  });

  it('holds the probability to the threshold, and says the verdict with it in words', () => {
    const reply = {
      text: 'Yes',
      firstTokens: [
        { token: 'Yes', logprob: ln(0.42) },
        { token: 'No', logprob: ln(0.58) },
      ],
      usage: null,
    };
    expect(readJudgeReply(check, reply)).toEqual({
      verdict: 'no',
      probability: 0.42,
      words: 'The judge (judge-m) said no, 0.42',
    });
    expect(readJudgeReply({ ...check, threshold: 0.4 }, reply)).toMatchObject({
      verdict: 'yes',
      words: 'The judge (judge-m) said yes, 0.42',
    });
  });

  it('lets the word decide without logprobs, and fails a reply that is neither yes nor no', () => {
    expect(readJudgeReply(check, { text: 'No.', firstTokens: null, usage: null })).toEqual({
      verdict: 'no',
      probability: null,
      words: 'The judge (judge-m) said no',
    });
    expect(readJudgeReply(check, { text: ' yes, it does', firstTokens: null, usage: null }).verdict).toBe('yes');
    expect(readJudgeReply(check, { text: 'Nobody knows', firstTokens: null, usage: null })).toMatchObject({
      verdict: 'failed',
      words: 'The judge (judge-m) failed: it answered “Nobody knows”, not yes or no',
    });
    expect(readJudgeReply(check, { text: '', firstTokens: null, usage: null }).words).toBe(
      'The judge (judge-m) failed: it answered nothing, not yes or no',
    );
  });

  it('counts its own tokens and cost, and turns an HTTP error into a failed verdict, never a pass', async () => {
    const yes: JudgeSend = async () => ({
      text: 'yes',
      firstTokens: [
        { token: 'yes', logprob: ln(0.93) },
        { token: 'no', logprob: ln(0.07) },
      ],
      usage: { input: 1000, output: 1 },
    });
    const call = await askJudge(
      check,
      'It is 18 °C.',
      { model: 'judge-m', send: yes },
      { input: 1, output: 2 },
      new AbortController().signal,
    );
    expect(call).toMatchObject({ verdict: 'yes', probability: 0.93, inputTokens: 1000, outputTokens: 1 });
    expect(call.costUsd).toBeCloseTo(0.001002);
    const unpriced = await askJudge(check, 'x', { model: 'judge-m', send: yes }, null, new AbortController().signal);
    expect(unpriced.costUsd).toBeNull();
    const broken: JudgeSend = async () => {
      throw new Error('The endpoint answered 500 (Internal Server Error).');
    };
    const failed = await askJudge(check, 'x', { model: 'judge-m', send: broken }, null, new AbortController().signal);
    expect(failed).toMatchObject({
      verdict: 'failed',
      words: 'The judge (judge-m) failed: The endpoint answered 500 (Internal Server Error).',
      costUsd: 0,
      inputTokens: null,
    });
  });
});
