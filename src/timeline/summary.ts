import type { StopReason } from '../domain/stop-reason';
import type { CallOutcome, RunPhase, TimelineModel } from './model';

export type TimelineStats = {
  runs: number;
  /** Wall time of all runs (idle time between runs not counted). */
  totalMs: number;
  /** Time with a model request open, failed attempts included. */
  modelMs: number;
  /** Time with at least one tool running (parallel calls counted once). */
  toolMs: number;
  /** Sum of all call durations, i.e. tool work done in parallel counted per call. */
  toolSumMs: number;
  approvalMs: number;
  turns: number;
  toolCalls: number;
  byOutcome: Record<CallOutcome, number>;
  retries: number;
  tokensIn: number;
  tokensOut: number;
  tokensEstimated: boolean;
  /** Of the last run. */
  stopReason: StopReason | null;
  lastRunState: RunPhase | null;
};

/** Length of the union of intervals. */
export function unionLength(intervals: { start: number; end: number }[]): number {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  let total = 0;
  let curStart = Number.NEGATIVE_INFINITY;
  let curEnd = Number.NEGATIVE_INFINITY;
  for (const iv of sorted) {
    if (iv.start > curEnd) {
      if (curEnd > curStart) total += curEnd - curStart;
      curStart = iv.start;
      curEnd = iv.end;
    } else if (iv.end > curEnd) {
      curEnd = iv.end;
    }
  }
  if (curEnd > curStart) total += curEnd - curStart;
  return total;
}

export function summarize(model: TimelineModel): TimelineStats {
  const byOutcome: Record<CallOutcome, number> = {
    ok: 0,
    error: 0,
    timeout: 0,
    cancelled: 0,
    denied: 0,
    interrupted: 0,
    running: 0,
  };
  const s: TimelineStats = {
    runs: model.runs.length,
    totalMs: 0,
    modelMs: 0,
    toolMs: 0,
    toolSumMs: 0,
    approvalMs: 0,
    turns: 0,
    toolCalls: 0,
    byOutcome,
    retries: 0,
    tokensIn: 0,
    tokensOut: 0,
    tokensEstimated: false,
    stopReason: null,
    lastRunState: null,
  };
  for (const run of model.runs) {
    s.totalMs += run.duration;
    s.tokensIn += run.usage.promptTokens;
    s.tokensOut += run.usage.completionTokens;
    s.tokensEstimated ||= run.usage.estimated;
    s.stopReason = run.stopReason;
    s.lastRunState = run.state;
    const toolIntervals: { start: number; end: number }[] = [];
    for (const turn of run.turns) {
      if (turn.attempts.length > 0) s.turns += 1;
      for (const a of turn.attempts) {
        s.modelMs += (a.end ?? run.duration) - a.start;
        if (a.retrying) s.retries += 1;
      }
      for (const c of turn.calls) {
        s.toolCalls += 1;
        byOutcome[c.outcome] += 1;
        if (c.approval) s.approvalMs += (c.approval.end ?? run.duration) - c.approval.start;
        if (c.runStart !== null) {
          const end = c.end ?? run.duration;
          toolIntervals.push({ start: c.runStart, end });
          s.toolSumMs += end - c.runStart;
        }
      }
    }
    s.toolMs += unionLength(toolIntervals);
  }
  return s;
}
