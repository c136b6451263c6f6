import { describe, expect, it } from 'vitest';
import type { EvalCell, JudgeCall } from '../domain/eval-case';
import { summarizeSuiteRun, tableCells, tableVerdict } from './suite-summary';

const runOf = (
  caseId: string,
  model: string,
  repeat: number,
  verdict: EvalCell['verdict'],
  extra: Partial<EvalCell> = {},
): EvalCell => ({
  caseId,
  caseName: caseId.toUpperCase(),
  model,
  repeat,
  verdict,
  reasons: verdict === 'fail' ? ['It did not call x.'] : [],
  costUsd: 0.01,
  ttftMs: 10 * (repeat + 1),
  durationMs: 100,
  ...extra,
});
const judged = (costUsd: number | null): JudgeCall => ({
  model: 'j',
  verdict: 'yes',
  probability: 0.9,
  words: 'The judge (j) said yes, 0.90',
  inputTokens: 10,
  outputTokens: 1,
  costUsd,
});

describe('a suite run as the Results table reads it', () => {
  it('calls a cell pass when every repeat passed, fail when none did, flaky when some did', () => {
    expect(tableVerdict([{ verdict: 'pass' }, { verdict: 'pass' }])).toBe('pass');
    expect(tableVerdict([{ verdict: 'fail' }, { verdict: 'fail' }])).toBe('fail');
    expect(tableVerdict([{ verdict: 'pass' }, { verdict: 'fail' }, { verdict: 'pass' }])).toBe('flaky');
  });

  it('never calls an unfinished cell a pass or a fail', () => {
    expect(tableVerdict([{ verdict: 'pass' }, { verdict: 'pending' }])).toBe('pending');
    expect(tableVerdict([{ verdict: 'pass' }, { verdict: 'stopped' }])).toBe('stopped');
    expect(tableVerdict([{ verdict: 'fail' }, { verdict: 'stopped' }])).toBe('stopped');
    // Both outcomes already seen: flaky whatever the stopped run would have done.
    expect(tableVerdict([{ verdict: 'pass' }, { verdict: 'fail' }, { verdict: 'stopped' }])).toBe('flaky');
  });

  it('groups the runs of a case on a model in repeat order, and reads a run stored before Repeats as one run', () => {
    const cells = tableCells({
      cells: [
        runOf('a', 'm', 1, 'fail'),
        runOf('a', 'm', 0, 'pass'),
        runOf('a', 'n', 0, 'pass'),
        { ...runOf('b', 'm', 0, 'pass'), repeat: undefined },
      ],
    });
    expect(cells.map((c) => [c.caseId, c.model, c.verdict, c.passed, c.runs.map((r) => r.repeat)])).toEqual([
      ['a', 'm', 'flaky', 1, [0, 1]],
      ['a', 'n', 'pass', 1, [0]],
      ['b', 'm', 'pass', 1, [undefined]],
    ]);
  });

  it("sums per model: runs passed, cases passed every time and flaky, the cases' cost and the judge's apart", () => {
    const run = {
      cells: [
        runOf('a', 'm', 0, 'pass', { judge: [judged(0.001)] }),
        runOf('a', 'm', 1, 'pass', { judge: [judged(0.002)] }),
        runOf('b', 'm', 0, 'pass'),
        runOf('b', 'm', 1, 'fail'),
        runOf('a', 'n', 0, 'fail', { judge: [judged(null)] }),
        runOf('a', 'n', 1, 'fail'),
        runOf('b', 'n', 0, 'fail'),
        runOf('b', 'n', 1, 'fail'),
      ],
    };
    const [m, n] = summarizeSuiteRun(run, ['m', 'n']);
    expect(m).toMatchObject({ passed: 3, total: 4, passedEveryTime: 1, flaky: 1, cases: 2, medianTtftMs: 15 });
    expect(m?.costUsd).toBeCloseTo(0.04);
    expect(m?.judgeCostUsd).toBeCloseTo(0.003);
    // A judge call without a price makes the judge cost unknown, never $0.
    expect(n).toMatchObject({ passed: 0, passedEveryTime: 0, flaky: 0, cases: 2, judgeCostUsd: null });
    expect(summarizeSuiteRun({ cells: [runOf('a', 'x', 0, 'pass')] }, ['x'])[0]?.judgeCostUsd).toBe(0);
  });
});
