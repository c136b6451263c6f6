/**
 * What one scenario run of the conformance CLI means, read from its exit code and its output. Kept apart from
 * run.mjs so its reading is unit-tested (verdict.test.ts): a runner that misreads output passes what it never saw.
 *
 * The CLI prints `Passed: <passed>/<total>, <failed> failed, <warnings> warnings` and then its verdict,
 * `OVERALL: PASSED` or `OVERALL: FAILED` (failed checks, warnings, a timeout or a client that exited with an error
 * all fail a scenario). Given --expected-failures it exits 0 when the only failures are listed ones and non-zero on
 * an unlisted failure or a listed scenario that passed.
 */

const COUNTS = /Passed: (\d+)\/(\d+), (\d+) failed/;
const OVERALL = /OVERALL: (PASSED|FAILED)/;

/**
 * @param {{ code: number | null, text: string, expected: boolean }} run
 * @returns {{ kind: 'passed' | 'expected-failure' | 'failed' | 'unreadable', checks: string, why: string }}
 */
export function verdictOf({ code, text, expected }) {
  const counts = COUNTS.exec(text);
  const overall = OVERALL.exec(text);
  const exit = code ?? 'none: killed';
  if (counts === null) return { kind: 'unreadable', checks: 'no checks', why: `the CLI printed no "Passed: n/m, k failed" line (exit code ${exit})` };
  const total = Number(counts[2]);
  const checks = `${counts[1]}/${total} checks`;
  if (overall === null) return { kind: 'unreadable', checks, why: `the CLI printed no "OVERALL: PASSED" or "OVERALL: FAILED" line (exit code ${exit})` };
  if (total === 0) return { kind: 'unreadable', checks, why: 'the scenario ran no checks' };
  if (code !== 0) return { kind: 'failed', checks, why: `the CLI exited with ${exit}` };
  if (overall[1] === 'PASSED') {
    // The CLI calls a listed scenario that passes stale; should it ever exit 0 for one, the list is still wrong.
    return expected ? { kind: 'failed', checks, why: 'it is listed in expected-failures.yaml but passed: take it off the list' } : { kind: 'passed', checks, why: '' };
  }
  return expected
    ? { kind: 'expected-failure', checks, why: 'listed in expected-failures.yaml' }
    : { kind: 'failed', checks, why: 'the scenario failed and it is not listed in expected-failures.yaml' };
}

/** A line for the log: the verdict in words. */
export function describeVerdict(v) {
  switch (v.kind) {
    case 'passed':
      return 'passed';
    case 'expected-failure':
      return 'failed as expected (listed in expected-failures.yaml)';
    case 'unreadable':
      return `FAILED: unreadable output, ${v.why}`;
    default:
      return `FAILED: ${v.why}`;
  }
}

/** Throws when a revision's requirement set yields no scored scenario: a run of nothing would pass. */
export function checkScenarioCount(revision, jobs) {
  const scored = jobs.filter((j) => j.scored).length;
  if (scored === 0) {
    throw new Error(`the requirement set of ${revision} yields no client scenarios to score, so a run would prove nothing: check the CLI's requirements/${revision}.yaml (its "client" list) and conformance/run.mjs's reading of it.`);
  }
  return scored;
}
