import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { JudgeReply, JudgeRequest, JudgeSend } from './judge';
import { classifyError } from '../llm/classify-error';
import { makeRedactor } from '../llm/redact';
import { createSdk, normalizeBaseURL, type ConnectionOptions } from '../llm/sdk-client';

/**
 * A judge's requests (evals/judge.ts) to one endpoint: one Chat Completions request, not streamed, sent by the SDK
 * like every other call (same redirect and error guards). A failure rejects with the same words a run's error has.
 */
export function createJudgeSend(options: ConnectionOptions): JudgeSend {
  const sdk = createSdk(options);
  const redact = makeRedactor(options.apiKey);
  const baseURL = normalizeBaseURL(options.baseURL);
  return async (request: JudgeRequest, signal: AbortSignal): Promise<JudgeReply> => {
    let completion: ChatCompletion;
    try {
      completion = await sdk.chat.completions.create({ ...request, stream: false }, { signal });
    } catch (e) {
      const error = classifyError(e, { baseURL, operation: 'chat', model: request.model, redact, signal });
      throw error instanceof Error ? error : new Error(String(error));
    }
    return judgeReplyOf(completion);
  };
}

/** The parts of a completion the judge reads: its text, its first token's top logprobs, its usage. */
export function judgeReplyOf(completion: ChatCompletion): JudgeReply {
  const choice = completion.choices[0];
  const first = choice?.logprobs?.content?.[0];
  const top = first ? (first.top_logprobs.length > 0 ? first.top_logprobs : [first]) : null;
  return {
    text: choice?.message.content ?? '',
    firstTokens: top ? top.map((t) => ({ token: t.token, logprob: t.logprob })) : null,
    usage: completion.usage ? { input: completion.usage.prompt_tokens, output: completion.usage.completion_tokens } : null,
  };
}
