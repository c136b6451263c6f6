import type { CellVerdict, EvalCell, EvalRunRecord } from '../domain/eval-case';

/**
 * A suite run as the Results table reads it (architecture.md, "Test cases and suites"): the runs of one case on one
 * model grouped into a table cell with one verdict, and a summary per model. "pass" is every repeat passing, "fail"
 * none, "flaky" some; a cell with a run still going is "pending", and one with a stopped run that did not already
 * show both outcomes is "stopped" (an unfinished cell is never called a pass or a fail).
 */
export type TableVerdict = CellVerdict | 'flaky';

export type TableCell = {
  caseId: string;
  caseName: string;
  model: string;
  verdict: TableVerdict;
  /** The cell's runs in repeat order ("Run 1" ... "Run N"). */
  runs: EvalCell[];
  passed: number;
};

export function tableVerdict(runs: readonly Pick<EvalCell, 'verdict'>[]): TableVerdict {
  if (runs.some((r) => r.verdict === 'pending')) return 'pending';
  const passed = runs.filter((r) => r.verdict === 'pass').length;
  const failed = runs.filter((r) => r.verdict === 'fail').length;
  if (passed > 0 && failed > 0) return 'flaky';
  if (runs.some((r) => r.verdict === 'stopped') || runs.length === 0) return 'stopped';
  return passed === runs.length ? 'pass' : 'fail';
}

/** The run's table cells, case by case in the run's order, each with its repeats in order. */
export function tableCells(run: Pick<EvalRunRecord, 'cells'>): TableCell[] {
  const groups = new Map<string, EvalCell[]>();
  for (const cell of run.cells) {
    const key = JSON.stringify([cell.caseId, cell.model]);
    const list = groups.get(key);
    if (list) list.push(cell);
    else groups.set(key, [cell]);
  }
  return [...groups.values()].flatMap((runs) => {
    const first = runs[0];
    if (!first) return [];
    const ordered = [...runs].sort((a, b) => (a.repeat ?? 0) - (b.repeat ?? 0));
    return [
      {
        caseId: first.caseId,
        caseName: first.caseName,
        model: first.model,
        verdict: tableVerdict(ordered),
        runs: ordered,
        passed: ordered.filter((r) => r.verdict === 'pass').length,
      },
    ];
  });
}

/**
 * Per model: runs passed of runs, cases that passed every time and flaky ones (of the model's cases), the cases' own
 * cost and the judge's apart (null when any part is not known), the median time to first token.
 */
type ModelSummary = {
  model: string;
  passed: number;
  total: number;
  passedEveryTime: number;
  flaky: number;
  cases: number;
  costUsd: number | null;
  judgeCostUsd: number | null;
  medianTtftMs: number | null;
};

export function summarizeSuiteRun(run: Pick<EvalRunRecord, 'cells'>, models: readonly string[]): ModelSummary[] {
  const table = tableCells(run);
  return models.map((model) => {
    const cells = run.cells.filter((c) => c.model === model);
    const ran = cells.filter((c) => c.verdict === 'pass' || c.verdict === 'fail');
    const ttfts = ran.flatMap((c) => (c.ttftMs === null ? [] : [c.ttftMs])).sort((a, b) => a - b);
    const mine = table.filter((t) => t.model === model);
    return {
      model,
      passed: cells.filter((c) => c.verdict === 'pass').length,
      total: cells.length,
      passedEveryTime: mine.filter((t) => t.verdict === 'pass').length,
      flaky: mine.filter((t) => t.verdict === 'flaky').length,
      cases: mine.length,
      costUsd: ran.length > 0 ? knownSum(ran.map((c) => c.costUsd)) : null,
      judgeCostUsd: knownSum(cells.flatMap((c) => (c.judge ?? []).map((j) => j.costUsd))),
      medianTtftMs: median(ttfts),
    };
  });
}

/** The sum when every part is known (an empty list is $0), else null: an unknown part is never counted as $0. */
function knownSum(parts: readonly (number | null)[]): number | null {
  let sum = 0;
  for (const p of parts) {
    if (p === null) return null;
    sum += p;
  }
  return sum;
}

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
