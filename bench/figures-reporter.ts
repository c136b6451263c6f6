/**
 * A Playwright reporter for `npm run bench:ui`: prints each browser spec's measured figures (its annotations and
 * the lines it logs with a [tag] prefix) as one table, since the list reporter shows neither.
 */
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

type Row = { title: string; status: string; figures: string[] };

export default class FiguresReporter implements Reporter {
  private rows: Row[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const noted = new Set(test.annotations.map((a) => a.description ?? ''));
    const logged = result.stdout
      .map((o) => (typeof o === 'string' ? o : o.toString('utf8')).trim())
      .filter((l) => /^\[[\w-]+\]/.test(l) && !noted.has(l.replace(/^\[[\w-]+\]\s*/, '')));
    const figures = [...test.annotations.map((a) => `${a.type}: ${a.description ?? ''}`), ...logged];
    this.rows.push({ title: test.title, status: result.status, figures: [...new Set(figures)] });
  }

  onEnd(): void {
    console.log('\nBrowser figures (ratios and counts; times are for context, never asserted):');
    for (const r of this.rows) {
      console.log(`\n- ${r.status === 'passed' ? '' : `[${r.status}] `}${r.title}`);
      for (const f of r.figures) console.log(`    ${f}`);
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}
