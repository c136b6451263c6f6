import type { ChatCompletion } from 'openai/resources/chat/completions';
import type { JudgeReply, JudgeRequest, JudgeSend } from './judge';
import type { CompleteChat } from '../llm/chat-completion';

/**
 * A judge's requests (evals/judge.ts) to one endpoint: one Chat Completions request, not streamed, through the
 * endpoint door's `complete` (store/settings/endpoint-door.ts) like every other model call.
 */
export function createJudgeSend(complete: CompleteChat): JudgeSend {
  return async (request: JudgeRequest, signal: AbortSignal): Promise<JudgeReply> =>
    judgeReplyOf(await complete(request, signal));
}

/** The parts of a completion the judge reads: its text, its first token's top logprobs, its usage. */
function judgeReplyOf(completion: ChatCompletion): JudgeReply {
  const choice = completion.choices[0];
  const first = choice?.logprobs?.content?.[0];
  const top = first ? (first.top_logprobs.length > 0 ? first.top_logprobs : [first]) : null;
  return {
    text: choice?.message.content ?? '',
    firstTokens: top ? top.map((t) => ({ token: t.token, logprob: t.logprob })) : null,
    usage: completion.usage
      ? { input: completion.usage.prompt_tokens, output: completion.usage.completion_tokens }
      : null,
  };
}
