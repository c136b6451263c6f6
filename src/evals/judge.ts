import { costOf } from '../domain/cost';
import type { JudgeCall, JudgeCheck } from '../domain/eval-case';
import type { ModelPrice } from '../domain/model-prices';

/**
 * A model as judge (architecture.md, "Test cases and suites"): asked a yes/no question about a run's final answer.
 * Where the reply carries logprobs, the probability of "yes" (against "no") is held to the check's threshold; else the
 * word decides. A judge that fails (an HTTP error, a reply that is neither yes nor no) fails the check, never passes it.
 */

/** The request body the judge is sent (Chat Completions, not streamed): short, deterministic, with logprobs. */
export type JudgeRequest = {
  model: string;
  messages: { role: 'system' | 'user'; content: string }[];
  temperature: 0;
  max_tokens: number;
  logprobs: true;
  top_logprobs: number;
};

type TokenLogprob = { token: string; logprob: number };
/** What the judge's endpoint answered, as the page reads it. `firstTokens`: the first output token's top logprobs. */
export type JudgeReply = {
  text: string;
  firstTokens: TokenLogprob[] | null;
  usage: { input: number; output: number } | null;
};

/** Sends one judge request; rejects with an error whose message says what went wrong (HTTP status, network). */
export type JudgeSend = (request: JudgeRequest, signal: AbortSignal) => Promise<JudgeReply>;

/** A judge model ready to be asked: `send` reaches its endpoint with that endpoint's own key. */
export type JudgeTarget = { model: string; send: JudgeSend };

/** The system prompt the judge gets: one word back, so its first token carries the verdict. */
const JUDGE_INSTRUCTIONS = 'You grade an answer. Reply with one word: yes or no.';

export function judgeRequest(check: JudgeCheck, model: string, answer: string): JudgeRequest {
  return {
    model,
    messages: [
      { role: 'system', content: JUDGE_INSTRUCTIONS },
      { role: 'user', content: `Question: ${check.question}\n\nAnswer:\n${answer}` },
    ],
    temperature: 0,
    max_tokens: 5,
    logprobs: true,
    top_logprobs: 5,
  };
}

const wordOf = (token: string) =>
  token
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** The probability of "yes" against "no" among the first token's top logprobs; null when neither is there. */
export function yesProbability(tokens: readonly TokenLogprob[] | null): number | null {
  if (!tokens) return null;
  let yes = 0;
  let no = 0;
  for (const t of tokens) {
    const w = wordOf(t.token);
    if (w === 'yes') yes += Math.exp(t.logprob);
    else if (w === 'no') no += Math.exp(t.logprob);
  }
  return yes + no > 0 ? yes / (yes + no) : null;
}

/** The verdict in a reply: by probability against the threshold where logprobs came, else by its first word. */
export function readJudgeReply(
  check: JudgeCheck,
  reply: JudgeReply,
): Pick<JudgeCall, 'verdict' | 'probability' | 'words'> {
  const who = `The judge (${check.judgeModel})`;
  const probability = yesProbability(reply.firstTokens);
  if (probability !== null) {
    const verdict = probability >= check.threshold ? 'yes' : 'no';
    return { verdict, probability, words: `${who} said ${verdict}, ${probability.toFixed(2)}` };
  }
  const word = /^\W*(yes|no)\b/i.exec(reply.text)?.[1]?.toLowerCase();
  if (word === 'yes' || word === 'no') return { verdict: word, probability: null, words: `${who} said ${word}` };
  const said = reply.text.trim().slice(0, 80);
  return {
    verdict: 'failed',
    probability: null,
    words: `${who} failed: it answered ${said === '' ? 'nothing' : `“${said}”`}, not yes or no`,
  };
}

/**
 * Asks the judge; every failure becomes a "failed" call with the reason in words. The cost is the judge's own; a
 * request the endpoint refused (an HTTP error, no answer) is not billed, so it costs $0, with no tokens reported.
 */
export async function askJudge(
  check: JudgeCheck,
  answer: string,
  target: JudgeTarget,
  price: ModelPrice | null,
  signal: AbortSignal,
): Promise<JudgeCall> {
  try {
    const reply = await target.send(judgeRequest(check, target.model, answer), signal);
    return { model: check.judgeModel, ...readJudgeReply(check, reply), ...judgeTokens(reply, price) };
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return {
      model: check.judgeModel,
      verdict: 'failed',
      probability: null,
      words: `The judge (${check.judgeModel}) failed: ${reason}`,
      inputTokens: null,
      outputTokens: null,
      costUsd: 0,
    };
  }
}

function judgeTokens(
  reply: JudgeReply,
  price: ModelPrice | null,
): Pick<JudgeCall, 'inputTokens' | 'outputTokens' | 'costUsd'> {
  if (!reply.usage) return { inputTokens: null, outputTokens: null, costUsd: null };
  const { input, output } = reply.usage;
  const cost = costOf(
    { promptTokens: input, completionTokens: output, totalTokens: input + output, estimated: false },
    price,
  );
  return { inputTokens: input, outputTokens: output, costUsd: cost.kind === 'known' ? cost.usd : null };
}

/** A judge check's verdict as a failed-check reason: null when it said yes. */
export const judgeFailure = (call: JudgeCall): string | null => (call.verdict === 'yes' ? null : call.words);
