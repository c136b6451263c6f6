import { describe, expect, it } from 'vitest';
import { checkScenarioCount, describeVerdict, verdictOf } from './verdict.mjs';

const out = (passed: number, total: number, failed: number) => `Test Results:\nPassed: ${passed}/${total}, ${failed} failed, 0 warnings\n`;

describe('conformance verdicts', () => {
  it('a clean run passes; a listed failure the CLI accepted is expected', () => {
    expect(verdictOf({ code: 0, text: out(5, 5, 0), expected: false })).toMatchObject({ kind: 'passed', checks: '5/5 checks' });
    expect(verdictOf({ code: 0, text: out(3, 5, 2), expected: true }).kind).toBe('expected-failure');
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

  it('a run of no checks is unreadable, not a pass', () => {
    expect(verdictOf({ code: 0, text: out(0, 0, 0), expected: false })).toMatchObject({ kind: 'unreadable', why: 'the scenario ran no checks' });
  });

  it('a non-zero exit fails; failed checks that are not listed fail even when the CLI exits 0; a listed pass is stale', () => {
    expect(verdictOf({ code: 1, text: out(3, 5, 2), expected: false }).kind).toBe('failed');
    expect(verdictOf({ code: 1, text: out(5, 5, 0), expected: true }).kind).toBe('failed');
    const unlisted = verdictOf({ code: 0, text: out(3, 5, 2), expected: false });
    expect(unlisted.kind).toBe('failed');
    expect(describeVerdict(unlisted)).toBe('FAILED: 2 checks failed and it is not listed in expected-failures.yaml');
    expect(describeVerdict(verdictOf({ code: 0, text: out(5, 5, 0), expected: true }))).toMatch(/take it off the list/);
  });

  it('a requirement set with no scored scenario is refused, naming the revision', () => {
    expect(() => checkScenarioCount('2026-07-28', [])).toThrow(/2026-07-28 yields no client scenarios/);
    expect(() => checkScenarioCount('2026-07-28', [{ scored: false }])).toThrow(/no client scenarios/);
    expect(checkScenarioCount('2026-07-28', [{ scored: true }, { scored: false }])).toBe(1);
  });
});
