import type { ChatMessage } from '../domain/messages';
import type { ToolSpec } from '../agent/tool-executor';
import { budgetStatus, type BudgetStatus } from './budget';
import { requestView } from '../domain/request-view';
import { heuristicCounter, type TokenCounter } from './tokens/token-count';
import { calibrationFrom, estimatePromptTokens, promptTexts, type PromptParts } from './tokens/token-estimate';

export type ContextUsageInput = {
  /** The stored history (a streaming partial included: it will be sent next). */
  messages: readonly ChatMessage[];
  systemText: string;
  tools: readonly ToolSpec[];
  limit: number;
  /** The latest request whose prompt size the provider reported, with our estimate of it. */
  lastReported: { estimated: number; reported: number } | null;
  counter?: TokenCounter;
};

/** `exact`: every part was counted by the model's tokenizer (before the provider correction); otherwise estimated. */
export type ContextUsage = BudgetStatus & { calibrated: boolean; exact: boolean };

function requestParts(input: ContextUsageInput): PromptParts {
  return { system: input.systemText, messages: requestView(input.messages), tools: input.tools };
}

/** The texts contextUsage counts, to prepare them first. */
export function contextUsageTexts(input: ContextUsageInput): string[] {
  return promptTexts(requestParts(input));
}

/** How full the next request's window would be, corrected by what the provider last reported. */
export function contextUsage(input: ContextUsageInput): ContextUsage {
  const raw = estimatePromptTokens(requestParts(input), input.counter ?? heuristicCounter);
  const ratio = input.lastReported ? calibrationFrom(input.lastReported.estimated, input.lastReported.reported) : 1;
  return {
    ...budgetStatus(Math.ceil(raw.tokens * ratio), input.limit),
    calibrated: input.lastReported !== null,
    exact: raw.exact,
  };
}

/** "12,345 / 128,000 tokens (10 %)" */
export function formatContextUsage(u: BudgetStatus): string {
  const pct = Math.round(u.fraction * 100);
  return `${u.tokens.toLocaleString('en-US')} / ${u.limit.toLocaleString('en-US')} tokens (${pct} %)`;
}
