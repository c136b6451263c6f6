import { describe, expect, it } from 'vitest';
import { checkScenarioCount, describeVerdict, verdictOf } from './verdict.mjs';

const out = (
  passed: number,
  total: number,
  failed: number,
  warnings = 0,
  overall = failed + warnings > 0 ? 'FAILED' : 'PASSED',
) =>
  `Test Results:\nPassed: ${passed}/${total}, ${failed} failed, ${warnings} warnings\n\n${overall === 'PASSED' ? '✅' : '❌'} OVERALL: ${overall}\n`;

describe('conformance verdicts', () => {
  it('a clean run passes; a listed failure the CLI accepted is expected, warnings or a client error included', () => {
    expect(verdictOf({ code: 0, text: out(5, 5, 0), expected: false })).toMatchObject({
      kind: 'passed',
      checks: '5/5 checks',
    });
    expect(verdictOf({ code: 0, text: out(3, 5, 2), expected: true }).kind).toBe('expected-failure');
    // All checks pass but a SHOULD was missed (a warning), or the client exited with an error: the CLI fails it.
    expect(verdictOf({ code: 0, text: out(24, 24, 0, 3), expected: true }).kind).toBe('expected-failure');
    expect(verdictOf({ code: 0, text: out(23, 23, 0, 0, 'FAILED'), expected: true }).kind).toBe('expected-failure');
  });

  it('output without the counts line is unreadable, a failure whatever the exit code or the list says', () => {
    for (const expected of [false, true]) {
      for (const code of [0, 1, null]) {
        const v = verdictOf({ code, text: 'Error: something went wrong before any check\n', expected });
        expect(v.kind).toBe('unreadable');
        expect(describeVerdict(v)).toMatch(/^FAILED: unreadable output, the CLI printed no "Passed/);
      }
    }
  });

  it('a run of no checks, or counts without the overall verdict, is unreadable, not a pass', () => {
    expect(verdictOf({ code: 0, text: out(0, 0, 0), expected: false })).toMatchObject({
      kind: 'unreadable',
      why: 'the scenario ran no checks',
    });
    const cut = verdictOf({ code: 0, text: 'Passed: 5/5, 0 failed, 0 warnings\n', expected: true });
    expect(cut.kind).toBe('unreadable');
    expect(cut.why).toMatch(/no "OVERALL: PASSED" or "OVERALL: FAILED" line/);
  });

  it('a non-zero exit fails; failed or warned checks that are not listed fail even when the CLI exits 0; a listed pass is stale', () => {
    expect(verdictOf({ code: 1, text: out(3, 5, 2), expected: false }).kind).toBe('failed');
    expect(describeVerdict(verdictOf({ code: 1, text: out(5, 5, 0), expected: true }))).toMatch(/take it off the list/);
    const unlisted = verdictOf({ code: 0, text: out(3, 5, 2), expected: false });
    expect(unlisted.kind).toBe('failed');
    expect(describeVerdict(unlisted)).toBe(
      'FAILED: 2 checks failed or warned and it is not listed in expected-failures.yaml',
    );
    expect(verdictOf({ code: 0, text: out(5, 5, 0, 1), expected: false }).kind).toBe('failed');
    expect(describeVerdict(verdictOf({ code: 0, text: out(5, 5, 0), expected: true }))).toMatch(/take it off the list/);
  });

  it('checks that all pass with a client that exited with an error: scored as a pass (as the CLI scores it), with a note', () => {
    const v = verdictOf({ code: 0, text: out(5, 5, 0, 0, 'FAILED'), expected: false });
    expect(v.kind).toBe('passed');
    expect(describeVerdict(v)).toMatch(/^passed \(every check passed, but the CLI says OVERALL: FAILED/);
  });

  it('a requirement set with no scored scenario is refused, naming the revision', () => {
    expect(() => checkScenarioCount('2026-07-28', [])).toThrow(/2026-07-28 yields no client scenarios/);
    expect(() => checkScenarioCount('2026-07-28', [{ scored: false }])).toThrow(/no client scenarios/);
    expect(checkScenarioCount('2026-07-28', [{ scored: true }, { scored: false }])).toBe(1);
  });
});
