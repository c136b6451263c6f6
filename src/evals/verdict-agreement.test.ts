import { describe, expect, it } from 'vitest';
import { compareVerdicts, type GradedCell, type PinnedCell } from './verdict-agreement';

const cell = (caseName: string, model: string, verdict: 'pass' | 'fail'): GradedCell => ({ caseName, model, verdict });
const pins: PinnedCell[] = [
  { case: 'A', model: 'm', page: 'pass', promptfoo: 'pass' },
  { case: 'B', model: 'm', page: 'fail', promptfoo: 'fail' },
  { case: 'C', model: 'm', page: 'pass', promptfoo: 'fail', because: 'promptfoo grades one step' },
];
const page = [cell('A', 'm', 'pass'), cell('B', 'm', 'fail'), cell('C', 'm', 'pass')];
const promptfoo = [cell('A', 'm', 'pass'), cell('B', 'm', 'fail'), cell('C', 'm', 'fail')];

describe('compareVerdicts', () => {
  it('agrees when every cell is as pinned, an expected difference included', () => {
    const r = compareVerdicts(page, promptfoo, pins);
    expect(r.problems).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.rows).toContain('  C on m: page pass | promptfoo fail  expected to differ: promptfoo grades one step');
  });

  it('fails on opposite verdicts of two cases whose counts per model agree', () => {
    const swapped = [cell('A', 'm', 'fail'), cell('B', 'm', 'pass'), cell('C', 'm', 'fail')];
    const r = compareVerdicts(page, swapped, pins);
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual(['promptfoo says fail for "A" on m, pinned pass.', 'promptfoo says pass for "B" on m, pinned fail.']);
  });

  it('fails when either side changes from the pinned verdicts, with the reason it gave', () => {
    const r = compareVerdicts([cell('A', 'm', 'pass'), { ...cell('B', 'm', 'pass') }, { caseName: 'C', model: 'm', verdict: 'fail', reason: 'It did not call x.' }], promptfoo, pins);
    expect(r.problems).toEqual(['the page says pass for "B" on m, pinned fail.', 'the page says fail for "C" on m, pinned pass (It did not call x.).']);
  });

  it('fails an empty comparison, a missing or unpinned cell, and a suite with only failures', () => {
    expect(compareVerdicts([], [], []).problems).toEqual(['No verdicts are pinned: an empty comparison proves nothing.', 'The page graded no cells.', 'promptfoo graded no cells.']);
    const r = compareVerdicts([...page, cell('D', 'm', 'pass')], promptfoo.slice(0, 2), pins);
    expect(r.problems).toEqual(['promptfoo has no verdict for "C" on m.', 'the page graded "D" on m, which no pin expects.']);
    const allFail: PinnedCell[] = [{ case: 'B', model: 'm', page: 'fail', promptfoo: 'fail' }];
    expect(compareVerdicts([cell('B', 'm', 'fail')], [cell('B', 'm', 'fail')], allFail).problems).toEqual([
      'The pinned verdicts give page only fail: a suite must hold passes and failures, or agreeing proves nothing.',
      'The pinned verdicts give promptfoo only fail: a suite must hold passes and failures, or agreeing proves nothing.',
    ]);
  });

  it('refuses a pinned difference that does not say why', () => {
    const r = compareVerdicts(page, promptfoo, pins.map((p) => ({ ...p, because: undefined })));
    expect(r.problems).toEqual(['"C" on m is pinned to differ (page pass, promptfoo fail) without saying why.']);
  });
});
