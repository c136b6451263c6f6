import type { ModelRequest, NativeModelClient } from '../agent/model-client';
import type { JudgeReply, JudgeRequest, JudgeSend } from './judge';

/**
 * A judge asked on an endpoint whose API has no whole-reply Chat Completions call (Anthropic Messages, Gemini): the
 * request goes out as that format's stream through the endpoint's own client (its body built from the judge's system
 * and user text, docs/wire-formats.md) and is folded by the format's reducer. Those APIs give no logprobs, so the
 * verdict is read from the words (`firstTokens` null).
 */
export function createStreamedJudgeSend(client: NativeModelClient): JudgeSend {
  return async (request: JudgeRequest, signal: AbortSignal): Promise<JudgeReply> => {
    const acc = await client.reducer(request.model);
    const streamed: ModelRequest = {
      model: request.model,
      messages: request.messages,
      temperature: request.temperature,
      stream: true,
    };
    for await (const event of client.stream(streamed, { signal })) acc.push(event);
    const turn = acc.result();
    return {
      text: turn.text,
      firstTokens: null,
      usage: turn.usage ? { input: turn.usage.promptTokens, output: turn.usage.completionTokens } : null,
    };
  };
}
