/**
 * A Playwright reporter for `npm run test:e2e:repeat`: after the suite has run N times (--repeat-each), lists every
 * test that failed in any of its runs with how many of its runs failed, since a spec that fails once in three is
 * a failing spec. The list reporter shows each failure but not this per-test tally.
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

type Tally = { title: string; file: string; runs: number; failed: number; errors: string[] };

const ESC = String.fromCharCode(27);
const stripColours = (text: string): string =>
  text
    .split(ESC)
    .map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, '')))
    .join('');

export default class FlakeReporter implements Reporter {
  private tallies = new Map<string, Tally>();

  onTestEnd(test: TestCase, result: TestResult): void {
    // Repeats share the title and location; the tally key ignores the repeat index.
    const key = `${test.location.file}:${test.location.line}:${test.title}`;
    const tally = this.tallies.get(key) ?? {
      title: test.title,
      file: test.location.file,
      runs: 0,
      failed: 0,
      errors: [],
    };
    tally.runs++;
    if (result.status !== 'passed' && result.status !== 'skipped') {
      tally.failed++;
      // Playwright's messages carry terminal colour codes.
      const first = stripColours(result.errors[0]?.message ?? '').split('\n')[0];
      if (first) tally.errors.push(first);
    }
    this.tallies.set(key, tally);
  }

  onEnd(result: FullResult): void {
    const all = [...this.tallies.values()];
    const failing = all.filter((t) => t.failed > 0);
    const runs = all.reduce((n, t) => n + t.runs, 0);
    console.log(
      `\nRepeat summary: ${all.length} tests, ${runs} runs, ${failing.length} tests failed at least once (${result.status}).`,
    );
    for (const t of failing) {
      console.log(`  FAILED ${t.failed}/${t.runs}  ${t.file.replace(process.cwd() + '/', '')} › ${t.title}`);
      for (const e of new Set(t.errors)) console.log(`      ${e}`);
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
