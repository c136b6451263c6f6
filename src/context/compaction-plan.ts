import type { ChatMessage } from '../domain/messages';
import { messageUnits, requestView } from '../domain/request-view';

type CompactionPlan = {
  /** Messages to be summarised, oldest first (whole units only). */
  summarize: ChatMessage[];
  /** Messages the request keeps after the summary. */
  keep: ChatMessage[];
};

type PlanOptions = {
  /** Tokens of everything that is not history: system prompt, tool schemas. */
  fixedTokens: number;
  /** Estimated tokens of one message list. */
  estimate: (messages: readonly ChatMessage[]) => number;
  /** Tokens the request may use after compaction. */
  targetTokens: number;
  /** Room reserved for the summary itself. */
  summaryTokens: number;
  /** Units at the end that are never summarised (the exchange in progress). */
  keepLastUnits: number;
};

/**
 * Picks the shortest run of oldest units whose removal brings the request under the target.
 * Returns null when nothing can be summarised (only protected units are left).
 */
export function planCompaction(history: readonly ChatMessage[], opts: PlanOptions): CompactionPlan | null {
  const view = requestView(history);
  const units = messageUnits(view);
  const candidates = Math.max(0, units.length - Math.max(1, opts.keepLastUnits));
  if (candidates === 0) return null;
  let cut = 1;
  for (; cut <= candidates; cut++) {
    const kept = units.slice(cut).flat();
    if (opts.fixedTokens + opts.summaryTokens + opts.estimate(kept) <= opts.targetTokens) break;
  }
  cut = Math.min(cut, candidates);
  return { summarize: units.slice(0, cut).flat(), keep: units.slice(cut).flat() };
}
