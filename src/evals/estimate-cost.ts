import { costOf } from '../domain/cost';
import type { EvalCaseRecord } from '../domain/eval-case';
import type { ModelPrice } from '../domain/model-prices';

/** Output tokens assumed per case when estimating: a short answer after a tool call or two. */
const ASSUMED_OUTPUT_TOKENS = 300;

type SuiteEstimate = { usd: number; unpriced: string[] };

/**
 * What a suite run may cost before it starts, from the price table (architecture.md, "What a run cost"): each case's
 * frozen request at about four characters a token, once per model, plus an assumed short answer. Models with no
 * price are named, never counted as free.
 */
export function estimateSuiteCost(
  cases: readonly EvalCaseRecord[],
  models: readonly string[],
  price: (model: string) => ModelPrice | null,
): SuiteEstimate {
  const promptTokens = cases.map((c) =>
    Math.ceil(
      (JSON.stringify(c.request.messages).length +
        JSON.stringify(c.request.tools).length +
        (c.request.systemPrompt?.length ?? 0)) /
        4,
    ),
  );
  let usd = 0;
  const unpriced: string[] = [];
  for (const model of models) {
    const p = price(model);
    if (p === null) {
      unpriced.push(model);
      continue;
    }
    for (const tokens of promptTokens) {
      const cost = costOf(
        {
          promptTokens: tokens,
          completionTokens: ASSUMED_OUTPUT_TOKENS,
          totalTokens: tokens + ASSUMED_OUTPUT_TOKENS,
          estimated: true,
        },
        p,
      );
      if (cost.kind === 'known') usd += cost.usd;
    }
  }
  return { usd, unpriced };
}
