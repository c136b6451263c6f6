/**
 * What one scenario run of the conformance CLI means, read from its exit code and its output. Kept apart from
 * run.mjs so its reading is unit-tested (verdict.test.ts): a runner that misreads output passes what it never saw.
 *
 * The CLI prints `Passed: <passed>/<total>, <failed> failed, <warnings> warnings` and then `OVERALL: PASSED` or
 * `OVERALL: FAILED`. Given --expected-failures, its exit code is the score: 0 when every failed or warned check
 * belongs to a listed scenario, non-zero on an unlisted one or on a listed scenario with none (stale). OVERALL is
 * stricter (it also fails a client that exited with an error or timed out); a scenario the score passes but OVERALL
 * fails is reported as passed with that note, so it is seen without changing the score.
 */

const COUNTS = /Passed: (\d+)\/(\d+), (\d+) failed(?:, (\d+) warnings)?/;
const OVERALL = /OVERALL: (PASSED|FAILED)/;

/**
 * @param {{ code: number | null, text: string, expected: boolean }} run
 * @returns {{ kind: 'passed' | 'expected-failure' | 'failed' | 'unreadable', checks: string, why: string }}
 */
export function verdictOf({ code, text, expected }) {
  const counts = COUNTS.exec(text);
  const overall = OVERALL.exec(text);
  const exit = code ?? 'none: killed';
  if (counts === null)
    return {
      kind: 'unreadable',
      checks: 'no checks',
      why: `the CLI printed no "Passed: n/m, k failed" line (exit code ${exit})`,
    };
  const total = Number(counts[2]);
  const flagged = Number(counts[3]) + Number(counts[4] ?? 0);
  const checks = `${counts[1]}/${total} checks`;
  if (overall === null)
    return {
      kind: 'unreadable',
      checks,
      why: `the CLI printed no "OVERALL: PASSED" or "OVERALL: FAILED" line (exit code ${exit})`,
    };
  if (total === 0) return { kind: 'unreadable', checks, why: 'the scenario ran no checks' };
  if (code !== 0) {
    const stale = expected && flagged === 0;
    return {
      kind: 'failed',
      checks,
      why: stale
        ? 'it is listed in expected-failures.yaml but passed: take it off the list'
        : `the CLI exited with ${exit}`,
    };
  }
  if (expected) {
    // Exit 0 for a listed scenario means the CLI saw it fail; should it ever pass clean, the list is still wrong.
    return overall[1] === 'FAILED' || flagged > 0
      ? { kind: 'expected-failure', checks, why: 'listed in expected-failures.yaml' }
      : { kind: 'failed', checks, why: 'it is listed in expected-failures.yaml but passed: take it off the list' };
  }
  if (flagged > 0)
    return {
      kind: 'failed',
      checks,
      why: `${flagged} checks failed or warned and it is not listed in expected-failures.yaml`,
    };
  return {
    kind: 'passed',
    checks,
    why:
      overall[1] === 'FAILED'
        ? 'every check passed, but the CLI says OVERALL: FAILED (the client exited with an error or timed out): see the log'
        : '',
  };
}

/** A line for the log: the verdict in words. */
export function describeVerdict(v) {
  switch (v.kind) {
    case 'passed':
      return v.why ? `passed (${v.why})` : 'passed';
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
    throw new Error(
      `the requirement set of ${revision} yields no client scenarios to score, so a run would prove ` +
        `nothing: check the CLI's requirements/${revision}.yaml (its "client" list) and conformance/run.mjs's reading of it.`,
    );
  }
  return scored;
}
