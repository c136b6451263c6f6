import { describe, expect, it } from 'vitest';
import type { FailureKind } from './failure-kind';
import { compareVerdicts, type GradedCell, type PinnedCell } from './verdict-agreement';

const cell = (
  caseName: string,
  model: string,
  verdict: 'pass' | 'fail',
  failure: FailureKind = 'check_failed',
): GradedCell =>
  verdict === 'pass' ? { caseName, model, verdict } : { caseName, model, verdict, failures: [failure] };
const pins: PinnedCell[] = [
  { case: 'A', model: 'm', page: 'pass', promptfoo: 'pass' },
  { case: 'B', model: 'm', page: 'fail', promptfoo: 'fail', failure: 'check_failed' },
  {
    case: 'C',
    model: 'm',
    page: 'pass',
    promptfoo: 'fail',
    failure: 'check_failed',
    because: 'promptfoo grades one step',
  },
  { case: 'A', model: 'down', page: 'fail', promptfoo: 'fail', failure: 'not_reached' },
  { case: 'J', model: 'm', page: 'fail', promptfoo: 'fail', failure: 'judge_failed' },
];
const page = [
  cell('A', 'm', 'pass'),
  cell('B', 'm', 'fail'),
  cell('C', 'm', 'pass'),
  cell('A', 'down', 'fail', 'not_reached'),
  cell('J', 'm', 'fail', 'judge_failed'),
];
const promptfoo = [
  cell('A', 'm', 'pass'),
  cell('B', 'm', 'fail'),
  cell('C', 'm', 'fail'),
  cell('A', 'down', 'fail', 'not_reached'),
  cell('J', 'm', 'fail', 'judge_failed'),
];

describe('compareVerdicts', () => {
  it('agrees when every cell is as pinned, an expected difference included', () => {
    const r = compareVerdicts(page, promptfoo, pins);
    expect(r.problems).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.rows).toContain(
      '  C on m: page pass | promptfoo fail (check failed)  expected to differ: promptfoo grades one step',
    );
    expect(r.rows).toContain('  A on down: page fail (model not reached) | promptfoo fail (model not reached)');
  });

  it('fails a provider error on one side against a failed check on the other, though both say fail', () => {
    // The model was not reached by promptfoo while the page reached it and a check failed: fail = fail, not agreement.
    const errored = promptfoo.map((c) => (c.caseName === 'B' ? cell('B', 'm', 'fail', 'not_reached') : c));
    const r = compareVerdicts(page, errored, pins);
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual(['promptfoo says fail (model not reached) for "B" on m, pinned fail (check failed).']);
    // And the other way round: a failed check where the model was pinned as not reached.
    const checked = page.map((c) =>
      c.model === 'down' ? { ...cell('A', 'down', 'fail'), reason: 'It did not call x.' } : c,
    );
    expect(compareVerdicts(checked, promptfoo, pins).problems).toEqual([
      'the page says fail (check failed) for "A" on down, pinned fail (model not reached): It did not call x.',
    ]);
  });

  it('fails a judge that failed against a check that failed, and a flaky cell whose failed runs are of two kinds', () => {
    const r = compareVerdicts(
      page.map((c) => (c.caseName === 'J' ? cell('J', 'm', 'fail', 'check_failed') : c)),
      promptfoo,
      pins,
    );
    expect(r.problems).toEqual(['the page says fail (check failed) for "J" on m, pinned fail (judge failed).']);
    const flakyPins: PinnedCell[] = [
      ...pins,
      { case: 'F', model: 'm', page: 'flaky', promptfoo: 'flaky', failure: 'check_failed' },
    ];
    const flaky: GradedCell = { caseName: 'F', model: 'm', verdict: 'flaky', failures: ['check_failed'] };
    expect(
      compareVerdicts(
        [...page, flaky],
        [...promptfoo, { ...flaky, failures: ['check_failed', 'not_reached'] }],
        flakyPins,
      ).problems,
    ).toEqual(['promptfoo says flaky (check failed, model not reached) for "F" on m, pinned flaky (check failed).']);
  });

  it('fails on opposite verdicts of two cases whose counts per model agree', () => {
    const swapped = promptfoo.map((c) =>
      c.caseName === 'A' && c.model === 'm' ? cell('A', 'm', 'fail') : c.caseName === 'B' ? cell('B', 'm', 'pass') : c,
    );
    const r = compareVerdicts(page, swapped, pins);
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual([
      'promptfoo says fail (check failed) for "A" on m, pinned pass.',
      'promptfoo says pass for "B" on m, pinned fail (check failed).',
    ]);
  });

  it('fails when either side changes from the pinned verdicts, with the reason it gave', () => {
    const changed = page.map((c) =>
      c.caseName === 'B'
        ? cell('B', 'm', 'pass')
        : c.caseName === 'C'
          ? { ...cell('C', 'm', 'fail'), reason: 'It did not call x.' }
          : c,
    );
    const r = compareVerdicts(changed, promptfoo, pins);
    expect(r.problems).toEqual([
      'the page says pass for "B" on m, pinned fail (check failed).',
      'the page says fail (check failed) for "C" on m, pinned pass: It did not call x.',
    ]);
  });

  it('fails an empty comparison, a missing or unpinned cell, and a suite with only failures', () => {
    expect(compareVerdicts([], [], []).problems).toEqual([
      'No verdicts are pinned: an empty comparison proves nothing.',
      'The page graded no cells.',
      'promptfoo graded no cells.',
    ]);
    const r = compareVerdicts(
      [...page, cell('D', 'm', 'pass')],
      promptfoo.filter((c) => c.caseName !== 'C'),
      pins,
    );
    expect(r.problems).toEqual([
      'promptfoo has no verdict for "C" on m.',
      'the page graded "D" on m, which no pin expects.',
    ]);
    const allFail = pins.filter((p) => p.page === 'fail');
    const failing = page.filter((c) => c.verdict === 'fail');
    expect(compareVerdicts(failing, failing, allFail).problems).toEqual([
      'The pinned verdicts give page only fail: a suite must hold passes and failures, or agreeing proves nothing.',
      'The pinned verdicts give promptfoo only fail: a suite must hold passes and failures, or agreeing proves nothing.',
    ]);
  });

  it('fails a suite that never pins a kind of failure, a failure pinned without its kind, and a kind on a cell that passes', () => {
    const noJudge = pins.filter((p) => p.case !== 'J');
    const cells = (side: GradedCell[]) => side.filter((c) => c.caseName !== 'J');
    expect(compareVerdicts(cells(page), cells(promptfoo), noJudge).problems).toEqual([
      'No cell is pinned to fail with judge failed: a suite must hold every kind of failure.',
    ]);
    const loose = pins.map(
      (p): PinnedCell =>
        p.case === 'B'
          ? { case: 'B', model: 'm', page: 'fail', promptfoo: 'fail' }
          : p.case === 'A' && p.model === 'm'
            ? { ...p, failure: 'check_failed' }
            : p,
    );
    expect(compareVerdicts(page, promptfoo, loose).problems).toEqual([
      '"A" on m pins a kind of failure (check failed) but passes on both sides.',
      '"B" on m is pinned to fail without the kind of failure.',
    ]);
  });

  it('refuses a pinned difference that does not say why', () => {
    const r = compareVerdicts(
      page,
      promptfoo,
      pins.map((p) => ({ ...p, because: undefined })),
    );
    expect(r.problems).toEqual(['"C" on m is pinned to differ (page pass, promptfoo fail) without saying why.']);
  });
});
