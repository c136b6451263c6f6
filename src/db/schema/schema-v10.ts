/**
 * v10: test cases and suites (architecture.md, "Test cases and suites"). evalSuites by id; evalCases and evalRuns
 * (a suite run's results, its history) by suite, so a suite is deleted with its cases and runs in one transaction.
 * No record is rewritten. (v9 belongs to another change; Dexie allows the gap.)
 */
export const SCHEMA_V10_CHANGES = Object.freeze({
  evalSuites: 'id, updatedAt',
  evalCases: 'id, suiteId',
  evalRuns: 'id, suiteId, startedAt',
});
