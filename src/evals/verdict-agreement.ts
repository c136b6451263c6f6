/**
 * Case-by-case agreement of two graders on one suite (architecture.md, "Test cases and suites"): the page's runner and
 * promptfoo running the exported config. Counts per model can agree while verdicts are opposite, so every case x model
 * verdict is compared with a pinned expectation for each side; an expected difference must say why. Fail = fail is
 * agreement only for the same kind of failure (evals/failure-kind.ts): a model not reached is not a failed check.
 */
import type { FailureKind } from './failure-kind';

/** A case on a model over its repeats: passed every time, failed every time, or some of each. */
type Verdict = 'pass' | 'fail' | 'flaky';

/**
 * One side's verdict on one case on one model; `failures`: the kinds of its failed runs, each once; `reason`: what it
 * said when it failed.
 */
export type GradedCell = {
  caseName: string;
  model: string;
  verdict: Verdict;
  failures?: FailureKind[];
  reason?: string;
};

/**
 * The verdicts a fixture suite must get. `failure`: the one kind of failure of every failed run, on whichever side
 * fails; required where a side is pinned fail or flaky. `because` is required where the two sides are expected to
 * differ.
 */
export type PinnedCell = {
  case: string;
  model: string;
  page: Verdict;
  promptfoo: Verdict;
  failure?: FailureKind;
  because?: string;
};

const FAILURE_WORDS: Record<FailureKind, string> = {
  not_reached: 'model not reached',
  check_failed: 'check failed',
  judge_failed: 'judge failed',
};
const failureWords = (kinds: readonly FailureKind[] | undefined) =>
  kinds && kinds.length > 0 ? kinds.map((k) => FAILURE_WORDS[k]).join(', ') : 'no kind';
const said = (cell: GradedCell | undefined) =>
  cell ? `${cell.verdict}${cell.verdict === 'pass' ? '' : ` (${failureWords(cell.failures)})`}` : '-';

type Agreement = { ok: boolean; problems: string[]; rows: string[] };

const key = (caseName: string, model: string) => `${caseName}\u0000${model}`;

export function compareVerdicts(
  page: readonly GradedCell[],
  promptfoo: readonly GradedCell[],
  pins: readonly PinnedCell[],
): Agreement {
  const problems: string[] = [];
  const rows: string[] = [];
  if (pins.length === 0) problems.push('No verdicts are pinned: an empty comparison proves nothing.');
  if (page.length === 0) problems.push('The page graded no cells.');
  if (promptfoo.length === 0) problems.push('promptfoo graded no cells.');
  const sides = {
    page: indexCells(page, 'the page', problems),
    promptfoo: indexCells(promptfoo, 'promptfoo', problems),
  };
  const pinned = new Set<string>();
  for (const pin of pins) {
    const k = key(pin.case, pin.model);
    pinned.add(k);
    if (pin.page !== pin.promptfoo && !pin.because)
      problems.push(
        `"${pin.case}" on ${pin.model} is pinned to differ (page ${pin.page}, promptfoo ${pin.promptfoo}) without saying why.`,
      );
    const fails = pin.page !== 'pass' || pin.promptfoo !== 'pass';
    if (fails && !pin.failure)
      problems.push(`"${pin.case}" on ${pin.model} is pinned to fail without the kind of failure.`);
    if (!fails && pin.failure)
      problems.push(
        `"${pin.case}" on ${pin.model} pins a kind of failure (${FAILURE_WORDS[pin.failure]}) but passes on both sides.`,
      );
    const got = { page: sides.page.get(k), promptfoo: sides.promptfoo.get(k) };
    for (const side of ['page', 'promptfoo'] as const) {
      const cell = got[side];
      const who = side === 'page' ? 'the page' : 'promptfoo';
      const want = pin[side] === 'pass' ? [] : pin.failure ? [pin.failure] : [];
      const kinds = cell?.failures ?? [];
      if (!cell) problems.push(`${who} has no verdict for "${pin.case}" on ${pin.model}.`);
      else if (
        cell.verdict !== pin[side] ||
        (pin.failure && (kinds.length !== want.length || kinds.some((f, i) => f !== want[i])))
      ) {
        const pinned = pin[side] === 'pass' ? 'pass' : `${pin[side]} (${failureWords(want)})`;
        problems.push(
          `${who} says ${said(cell)} for "${pin.case}" on ${pin.model}, pinned ${pinned}${cell.reason ? `: ${cell.reason.replace(/\.$/, '')}` : ''}.`,
        );
      }
    }
    const note = pin.page === pin.promptfoo ? '' : `  expected to differ: ${pin.because ?? '?'}`;
    rows.push(`  ${pin.case} on ${pin.model}: page ${said(got.page)} | promptfoo ${said(got.promptfoo)}${note}`);
  }
  for (const [side, cells] of Object.entries(sides)) {
    for (const [k, cell] of cells)
      if (!pinned.has(k))
        problems.push(
          `${side === 'page' ? 'the page' : 'promptfoo'} graded "${cell.caseName}" on ${cell.model}, which no pin expects.`,
        );
  }
  // Each side must pass somewhere and fail somewhere, so a suite that fails (or passes) everything cannot agree by
  // accident. (Flaky cells may come on top.)
  const sidesWithBoth = (side: 'page' | 'promptfoo') => {
    const verdicts = new Set(pins.map((p) => p[side]));
    return verdicts.has('pass') && verdicts.has('fail');
  };
  for (const side of ['page', 'promptfoo'] as const) {
    if (pins.length > 0 && !sidesWithBoth(side))
      problems.push(
        `The pinned verdicts give ${side} only ${pins[0]?.[side]}: a suite must hold passes and failures, or agreeing proves nothing.`,
      );
  }
  // Every kind of failure is pinned somewhere, so a kind neither side ever gives cannot agree by accident.
  const pinnedKinds = new Set(pins.flatMap((p) => (p.failure ? [p.failure] : [])));
  const unpinned = (Object.keys(FAILURE_WORDS) as FailureKind[]).filter((f) => !pinnedKinds.has(f));
  if (pins.length > 0 && unpinned.length > 0)
    problems.push(
      `No cell is pinned to fail with ${unpinned.map((f) => FAILURE_WORDS[f]).join(' or ')}: a suite must hold every kind of failure.`,
    );
  return { ok: problems.length === 0, problems, rows };
}

function indexCells(cells: readonly GradedCell[], who: string, problems: string[]): Map<string, GradedCell> {
  const out = new Map<string, GradedCell>();
  for (const c of cells) {
    const k = key(c.caseName, c.model);
    if (out.has(k)) problems.push(`${who} graded "${c.caseName}" on ${c.model} twice.`);
    out.set(k, c);
  }
  return out;
}
