import type { CallModel, CallOutcome, TimelineModel, TurnModel } from './model';
import { packLanes } from './pack-lanes';

type TimelineFilter = {
  text: string;
  /** Tool name, or null for all tools. */
  tool: string | null;
  /** Outcomes to show; all of them when it holds every outcome. */
  outcomes: ReadonlySet<CallOutcome>;
};

function isFilterActive(f: TimelineFilter, allOutcomes: readonly CallOutcome[]): boolean {
  return f.text.trim() !== '' || f.tool !== null || allOutcomes.some((o) => !f.outcomes.has(o));
}

export function toolNames(model: TimelineModel): string[] {
  const names = new Set<string>();
  for (const r of model.runs) for (const t of r.turns) for (const c of t.calls) names.add(c.name);
  return [...names].sort();
}

function callMatches(c: CallModel, f: TimelineFilter, needle: string): boolean {
  if (f.tool !== null && c.name !== f.tool) return false;
  if (!f.outcomes.has(c.outcome)) return false;
  if (!needle) return true;
  return (
    c.name.toLowerCase().includes(needle) ||
    c.callId.toLowerCase().includes(needle) ||
    c.arguments.toLowerCase().includes(needle) ||
    (c.result ?? '').toLowerCase().includes(needle)
  );
}

/**
 * A turn without matching calls stays visible when one of its failed model requests matches:
 * its outcome is among the chosen ones (and no tool is chosen), and the search names it (its error, or "turn N").
 */
function turnMatches(t: TurnModel, f: TimelineFilter, needle: string, outcomesActive: boolean): boolean {
  if (f.tool !== null) return false;
  if (!outcomesActive && !needle) return false;
  return t.attempts.some((a) => {
    if (outcomesActive && (a.outcome === 'ok' || !f.outcomes.has(a.outcome))) return false;
    if (!needle) return true;
    return (a.error?.message ?? '').toLowerCase().includes(needle) || `turn ${t.turn}` === needle;
  });
}

/**
 * Keeps the calls that match; turns left without calls are dropped unless the search names them.
 * Lanes are packed again so filtered-out calls leave no holes. Returns the input when nothing filters.
 */
export function filterTimeline(
  model: TimelineModel,
  f: TimelineFilter,
  allOutcomes: readonly CallOutcome[],
): TimelineModel {
  if (!isFilterActive(f, allOutcomes)) return model;
  const needle = f.text.trim().toLowerCase();
  const outcomesActive = allOutcomes.some((o) => !f.outcomes.has(o));
  return {
    ...model,
    runs: model.runs.map((run) => ({
      ...run,
      turns: run.turns.flatMap((turn) => {
        const calls = turn.calls.filter((c) => callMatches(c, f, needle));
        if (calls.length === 0 && !turnMatches(turn, f, needle, outcomesActive)) return [];
        const { lanes, count } = packLanes(calls);
        return [{ ...turn, calls: calls.map((c, i) => ({ ...c, lane: lanes[i] ?? 0 })), laneCount: count }];
      }),
    })),
  };
}
