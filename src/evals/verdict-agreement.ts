/**
 * Case-by-case agreement of two graders on one suite (architecture.md, "Test cases and suites"): the page's runner and
 * promptfoo running the exported config. Counts per model can agree while verdicts are opposite, so every case x model
 * verdict is compared with a pinned expectation for each side; an expected difference must say why.
 */
/** A case on a model over its repeats: passed every time, failed every time, or some of each. */
export type Verdict = 'pass' | 'fail' | 'flaky';

/** One side's verdict on one case on one model; `reason`: what it said when it failed. */
export type GradedCell = { caseName: string; model: string; verdict: Verdict; reason?: string };

/** The verdicts a fixture suite must get. `because` is required where the two sides are expected to differ. */
export type PinnedCell = { case: string; model: string; page: Verdict; promptfoo: Verdict; because?: string };

export type Agreement = { ok: boolean; problems: string[]; rows: string[] };

const key = (caseName: string, model: string) => `${caseName}\u0000${model}`;

export function compareVerdicts(page: readonly GradedCell[], promptfoo: readonly GradedCell[], pins: readonly PinnedCell[]): Agreement {
  const problems: string[] = [];
  const rows: string[] = [];
  if (pins.length === 0) problems.push('No verdicts are pinned: an empty comparison proves nothing.');
  if (page.length === 0) problems.push('The page graded no cells.');
  if (promptfoo.length === 0) problems.push('promptfoo graded no cells.');
  const sides = { page: indexCells(page, 'the page', problems), promptfoo: indexCells(promptfoo, 'promptfoo', problems) };
  const pinned = new Set<string>();
  for (const pin of pins) {
    const k = key(pin.case, pin.model);
    pinned.add(k);
    if (pin.page !== pin.promptfoo && !pin.because) problems.push(`"${pin.case}" on ${pin.model} is pinned to differ (page ${pin.page}, promptfoo ${pin.promptfoo}) without saying why.`);
    const got = { page: sides.page.get(k), promptfoo: sides.promptfoo.get(k) };
    for (const side of ['page', 'promptfoo'] as const) {
      const cell = got[side];
      const who = side === 'page' ? 'the page' : 'promptfoo';
      if (!cell) problems.push(`${who} has no verdict for "${pin.case}" on ${pin.model}.`);
      else if (cell.verdict !== pin[side]) problems.push(`${who} says ${cell.verdict} for "${pin.case}" on ${pin.model}, pinned ${pin[side]}${cell.reason ? ` (${cell.reason})` : ''}.`);
    }
    const note = pin.page === pin.promptfoo ? '' : `  expected to differ: ${pin.because ?? '?'}`;
    rows.push(`  ${pin.case} on ${pin.model}: page ${got.page?.verdict ?? '-'} | promptfoo ${got.promptfoo?.verdict ?? '-'}${note}`);
  }
  for (const [side, cells] of Object.entries(sides)) {
    for (const [k, cell] of cells) if (!pinned.has(k)) problems.push(`${side === 'page' ? 'the page' : 'promptfoo'} graded "${cell.caseName}" on ${cell.model}, which no pin expects.`);
  }
  // Each side must pass somewhere and fail somewhere, so a suite that fails (or passes) everything cannot agree by
  // accident. (Flaky cells may come on top.)
  const sidesWithBoth = (side: 'page' | 'promptfoo') => {
    const verdicts = new Set(pins.map((p) => p[side]));
    return verdicts.has('pass') && verdicts.has('fail');
  };
  for (const side of ['page', 'promptfoo'] as const) {
    if (pins.length > 0 && !sidesWithBoth(side)) problems.push(`The pinned verdicts give ${side} only ${pins[0]?.[side]}: a suite must hold passes and failures, or agreeing proves nothing.`);
  }
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
