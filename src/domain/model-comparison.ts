/** One step tried on other models (architecture.md, "Try on other models"), stored with its session. */
import type { LeftOutNote } from './left-out-note';
import type { ToolCall, Usage } from './messages';

/** `pending`: the request was sent (or is about to be) and no answer is stored yet. */
export const COMPARISON_OUTCOMES = ['pending', 'done', 'failed', 'cancelled'] as const;
type ComparisonOutcome = (typeof COMPARISON_OUTCOMES)[number];

/** What one model answered to the step's request. `error`: what went wrong, in words. */
export type ComparisonAnswer = {
  model: string;
  /** Another saved endpoint's base URL; absent: the step's own endpoint. */
  baseURL?: string;
  outcome: ComparisonOutcome;
  text: string;
  toolCalls: ToolCall[];
  finishReason: string | null;
  usage: Usage | null;
  timeToFirstTokenMs: number | null;
  outputTokensPerSecond: number | null;
  error?: string;
  /**
   * What this model's request left out of the step's history because its format cannot carry it (another API's
   * signed thinking, ...), in the body builder's words (docs/wire-formats.md); absent when nothing was, and on
   * answers stored before it was kept.
   */
  leftOut?: LeftOutNote[];
};

export type ModelComparison = {
  id: string;
  /** The assistant message whose step was tried again, and the run that made it. */
  messageId: string;
  runId: string;
  createdAt: number;
  answers: ComparisonAnswer[];
};

export type ComparisonTarget = { model: string; baseURL?: string };

/** A slot whose answer has not come in yet. */
export function pendingAnswer(target: ComparisonTarget): ComparisonAnswer {
  return {
    model: target.model,
    ...(target.baseURL !== undefined ? { baseURL: target.baseURL } : {}),
    outcome: 'pending',
    text: '',
    toolCalls: [],
    finishReason: null,
    usage: null,
    timeToFirstTokenMs: null,
    outputTokensPerSecond: null,
  };
}

/** A slot that ended without an answer, for the reason given (Stop, or a failure before the request was sent). */
export function unansweredAnswer(
  target: ComparisonTarget,
  outcome: 'failed' | 'cancelled',
  error: string,
): ComparisonAnswer {
  return { ...pendingAnswer(target), outcome, error };
}

/** The comparison as it starts: stored at once, each answer pending, so a reload keeps it. */
export function startedComparison(opts: {
  id: string;
  messageId: string;
  runId: string;
  createdAt: number;
  targets: readonly ComparisonTarget[];
}): ModelComparison {
  return {
    id: opts.id,
    messageId: opts.messageId,
    runId: opts.runId,
    createdAt: opts.createdAt,
    answers: opts.targets.map(pendingAnswer),
  };
}

/**
 * `comparisons` with answer `index` of comparison `comparisonId` replaced; the same array when there is no such
 * slot (the comparison was removed meanwhile, e.g. by an import that replaced the session). The model and endpoint
 * of a slot never change.
 */
export function withAnswer(
  comparisons: readonly ModelComparison[],
  comparisonId: string,
  index: number,
  answer: ComparisonAnswer,
): readonly ModelComparison[] {
  const at = comparisons.findIndex((c) => c.id === comparisonId);
  const slot = comparisons[at]?.answers[index];
  if (at < 0 || slot === undefined || slot.model !== answer.model || slot.baseURL !== answer.baseURL)
    return comparisons;
  return comparisons.map((c, i) =>
    i === at ? { ...c, answers: c.answers.map((a, j) => (j === index ? answer : a)) } : c,
  );
}

/** How a slot shows: a pending one no request of this page is answering was cut off by a reload (or the page closing). */
type ShownOutcome = Exclude<ComparisonOutcome, 'pending'> | 'streaming' | 'interrupted';

export function shownOutcome(answer: ComparisonAnswer, streamingHere: boolean): ShownOutcome {
  if (answer.outcome !== 'pending') return answer.outcome;
  return streamingHere ? 'streaming' : 'interrupted';
}

export const INTERRUPTED_ANSWER =
  'Interrupted: the page was reloaded (or closed) before this answer came in. Run it again to get it.';
