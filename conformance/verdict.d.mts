export type VerdictKind = 'passed' | 'expected-failure' | 'failed' | 'unreadable';
export type Verdict = { kind: VerdictKind; checks: string; why: string };
export function verdictOf(run: { code: number | null; text: string; expected: boolean }): Verdict;
export function describeVerdict(v: Verdict): string;
export function checkScenarioCount(revision: string, jobs: ReadonlyArray<{ scored: boolean }>): number;
