/** One step tried on other models (architecture.md, "Try on other models"), stored with its session. */
import type { ToolCall, Usage } from './messages';

export const COMPARISON_OUTCOMES = ['done', 'failed', 'cancelled'] as const;
export type ComparisonOutcome = (typeof COMPARISON_OUTCOMES)[number];

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
};

export type ModelComparison = {
  id: string;
  /** The assistant message whose step was tried again, and the run that made it. */
  messageId: string;
  runId: string;
  createdAt: number;
  answers: ComparisonAnswer[];
};
