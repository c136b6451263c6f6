import type { ErrorInfo } from '../domain/error-info';
import type { ChatMessage, SystemMessage, Usage } from '../domain/messages';
import type { ModelClient } from '../agent/model-client';
import type { ToolSpec } from '../agent/tool-executor';
import { budgetStatus, CONTEXT_COMPACT_TARGET_FRACTION, CONTEXT_HARD_FRACTION, type BudgetStatus } from './budget';
import { planCompaction } from './compaction-plan';
import { writeSummary } from './compactor';
import type { SummaryRequester } from '../agent/summary-request';
import { requestView } from '../domain/request-view';
import { heuristicCounter, tokensOf, type TokenCounter } from './tokens/token-count';
import { calibrationFrom, estimatePromptTokens, promptTexts } from './tokens/token-estimate';

/** Thrown when even a compacted request would not fit; the loop ends the run with this error. */
export class ContextLimitError extends Error {
  readonly info: Extract<ErrorInfo, { kind: 'context_limit' }>;
  constructor(limitTokens: number, estimatedTokens: number) {
    const message =
      `The conversation needs about ${estimatedTokens} tokens but the model's context window is ${limitTokens}. ` +
      'Compaction could not shrink it enough: start a new session, remove large tool results, or raise the context limit in the session settings.';
    super(message);
    this.name = 'ContextLimitError';
    this.info = { fault: 'user', kind: 'context_limit', limitTokens, estimatedTokens, message };
  }
}

/** `usage` is what the summary request(s) cost, so the run can count it. */
type Compaction = {
  summary: SystemMessage;
  removedMessageIds: string[];
  tokensBefore: number;
  tokensAfter: number;
  usage: Usage;
};

/** `rawTokens` is the request's estimate before the provider correction (budget.tokens is after it). */
type PrepareResult = { budget: BudgetStatus; rawTokens: number; compaction: Compaction | null };

type ContextManagerDeps = {
  model: ModelClient;
  modelName: string;
  limitTokens: number;
  /** The model's counter; its exact counts are prepared (off the main thread) before each estimate that decides. */
  counter?: TokenCounter;
  /** Reported / estimated from an earlier request in this session, so the first request is already corrected. */
  initialCalibration?: number;
  newId: () => string;
  now: () => number;
};

type ContextManager = {
  estimate(history: readonly ChatMessage[], system: string, tools: readonly ToolSpec[]): number;
  /** The estimate before the provider correction. */
  estimateRaw(history: readonly ChatMessage[], system: string, tools: readonly ToolSpec[]): number;
  /** Checks the budget before a request and compacts at the hard threshold. */
  /** `send`: the run's summary requester (retries, timeouts, events); absent: one plain request. */
  beforeRequest(
    history: readonly ChatMessage[],
    system: string,
    tools: readonly ToolSpec[],
    signal: AbortSignal,
    send?: SummaryRequester,
  ): Promise<PrepareResult>;
  /** Manual compaction: summarise everything but the last exchange, whatever the budget. */
  compactNow(
    history: readonly ChatMessage[],
    system: string,
    tools: readonly ToolSpec[],
    signal: AbortSignal,
    send?: SummaryRequester,
  ): Promise<Compaction | null>;
  /** Corrects later estimates with what the provider reported for the prompt just sent. */
  observeUsage(estimatedPromptTokens: number, reportedPromptTokens: number): void;
};

export function createContextManager(deps: ContextManagerDeps): ContextManager {
  const counter = deps.counter ?? heuristicCounter;
  let calibration = deps.initialCalibration ?? 1;
  const limit = deps.limitTokens;
  const summaryReserve = Math.min(2_000, Math.floor(limit * 0.1));

  const raw = (messages: readonly ChatMessage[], system: string, tools: readonly ToolSpec[]) =>
    estimatePromptTokens({ system, messages, tools }, counter).tokens;
  // Every message of the history is counted once (cached by the counter); later requests only add the new ones.
  const prepare = (history: readonly ChatMessage[], system: string, tools: readonly ToolSpec[]) =>
    counter.prepare(promptTexts({ system, messages: history, tools }));
  const estimateRaw = (history: readonly ChatMessage[], system: string, tools: readonly ToolSpec[]) =>
    raw(requestView(history), system, tools);
  const estimate = (history: readonly ChatMessage[], system: string, tools: readonly ToolSpec[]) =>
    Math.ceil(estimateRaw(history, system, tools) * calibration);

  async function compact(
    history: readonly ChatMessage[],
    system: string,
    tools: readonly ToolSpec[],
    signal: AbortSignal,
    targetTokens: number,
    keepLastUnits: number,
    send?: SummaryRequester,
  ): Promise<Compaction | null> {
    const fixed = Math.ceil(raw([], system, tools) * calibration);
    const plan = planCompaction(history, {
      fixedTokens: fixed,
      estimate: (ms) => Math.ceil(raw(ms, '', []) * calibration),
      targetTokens,
      summaryTokens: summaryReserve,
      keepLastUnits,
    });
    if (!plan || plan.summarize.length === 0) return null;
    const tokensBefore = estimate(history, system, tools);
    // The summary request must itself fit the window (with room for the summary it asks for).
    const fit = { maxPromptTokens: Math.floor((limit - summaryReserve) / calibration), count: tokensOf(counter) };
    const { text, usage } = await writeSummary(deps.model, deps.modelName, plan.summarize, signal, fit, send);
    const summary: SystemMessage = {
      id: deps.newId(),
      createdAt: deps.now(),
      role: 'system',
      content: `Summary of ${plan.summarize.length} earlier messages:\n${text}`,
      summaryOf: plan.summarize.map((m) => m.id),
    };
    const tokensAfter = estimate([...history, summary], system, tools);
    return { summary, removedMessageIds: summary.summaryOf ?? [], tokensBefore, tokensAfter, usage };
  }

  return {
    estimate,
    estimateRaw,
    async beforeRequest(history, system, tools, signal, send) {
      await prepare(requestView(history), system, tools);
      const before = budgetStatus(estimate(history, system, tools), limit);
      if (before.level !== 'compact')
        return { budget: before, rawTokens: estimateRaw(history, system, tools), compaction: null };
      const compaction = await compact(
        history,
        system,
        tools,
        signal,
        Math.floor(limit * CONTEXT_COMPACT_TARGET_FRACTION),
        1,
        send,
      );
      const after = compaction ? compaction.tokensAfter : before.tokens;
      if (after >= limit * CONTEXT_HARD_FRACTION) throw new ContextLimitError(limit, after);
      const sent = compaction ? [...history, compaction.summary] : history;
      return { budget: budgetStatus(after, limit), rawTokens: estimateRaw(sent, system, tools), compaction };
    },
    async compactNow(history, system, tools, signal, send) {
      await prepare(requestView(history), system, tools);
      // A target of zero summarises every unit but the protected tail.
      return compact(history, system, tools, signal, 0, 2, send);
    },
    observeUsage(estimatedPromptTokens, reportedPromptTokens) {
      const rawEstimate = estimatedPromptTokens / calibration;
      calibration = calibrationFrom(rawEstimate, reportedPromptTokens);
    },
  };
}
