import type { AgentEvent } from '../domain/run-events';
import { calibrationFrom } from './tokens/token-estimate';

/** A request's prompt as we estimated it before any correction, and as the provider counted it. */
export type ReportedPrompt = { estimated: number; reported: number };

/**
 * The newest request among one run's events (in seq order) whose prompt size the provider reported.
 * Events written before `contextTokensRaw` existed only carry the corrected estimate; that is the best
 * figure they have, so it stands in.
 */
export function lastReportedPrompt(events: readonly AgentEvent[]): ReportedPrompt | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e?.type !== 'request_finished' || e.usage.estimated) continue;
    const started = events.find((s) => s.type === 'request_started' && s.turn === e.turn && s.attempt === e.attempt);
    if (started?.type !== 'request_started') continue;
    const estimated = started.contextTokensRaw ?? started.contextTokens;
    if (estimated !== undefined) return { estimated, reported: e.usage.promptTokens };
  }
  return null;
}

/** The correction factor a report implies (1 without one). */
export function calibrationOf(report: ReportedPrompt | null): number {
  return report ? calibrationFrom(report.estimated, report.reported) : 1;
}
