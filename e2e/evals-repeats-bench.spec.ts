import { test, expect } from './fixtures';
import type { ChatRequest, StaticStep } from './server/mock-server';
import { openConfiguredApp } from './support/configured-app';
import { startFrameProbe, stopFrameProbe } from './support/frame-probe';

/**
 * Bench (architecture.md, "Test cases and suites"): 10 cases x 3 models x 5 repeats (150 runs) against the mock,
 * imported as a suite file as a colleague would send it. Long main-thread tasks are reported, not asserted: on a
 * shared 2-core machine a long task can come from anywhere.
 */
const CASES = 10;
const REPEATS = 5;

function suiteFile(): string {
  const cases = Array.from({ length: CASES }, (_, i) => ({
    id: `case-${i}`,
    name: `Case ${i + 1}`,
    request: {
      model: 'mock-a',
      systemPrompt: 'Be brief.',
      messages: [{ id: `u${i}`, createdAt: 1, role: 'user', content: `Question ${i + 1}: weather in Paris?` }],
      tools: [],
    },
    recorded: [],
    checks: [{ kind: 'answer_contains', text: '°C' }],
  }));
  return JSON.stringify({
    format: 'toolscope-suite',
    version: 3,
    exportedAt: '2026-11-29T09:00:00.000Z',
    app: { name: 'toolscope', version: '0.1.0' },
    repeats: REPEATS,
    suite: { name: 'Bench' },
    cases,
  });
}

/** A few hundred words per answer, streamed: the page parses and stores real streams, 150 of them. */
const answer = (req: ChatRequest): StaticStep => ({
  kind: 'text',
  content: `${Array.from({ length: 300 }, (_, i) => `w${i}`).join(' ')} It is 18 °C (${String(req.body.model)}).`,
  chunks: 30,
});

test('150 suite runs (10 cases x 3 models x 5 repeats): progress to the end, long main-thread tasks reported', {
  tag: '@bench',
}, async ({ page, mock }) => {
  test.setTimeout(240_000);
  await openConfiguredApp(page, mock);
  await page.getByRole('tab', { name: 'Tests' }).click();
  await page.getByLabel('Import suite file').setInputFiles({
    name: 'bench.toolscope-suite.json',
    mimeType: 'application/json',
    buffer: Buffer.from(suiteFile()),
  });
  await expect(page.getByText('Imported the suite "Bench".')).toBeVisible();
  mock.configure({ defaultStep: answer });
  await page.getByRole('button', { name: 'Run suite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run suite' });
  await dialog.getByRole('textbox', { name: 'Models' }).fill('mock-a\nmock-b\nmock-c');
  await expect(dialog.getByRole('spinbutton', { name: 'Repeats' })).toHaveValue(String(REPEATS));
  await startFrameProbe(page, 'table.results-table', { attributes: false });
  const started = Date.now();
  await dialog.getByRole('button', { name: 'Run' }).click();
  const progress = page.getByRole('progressbar', { name: 'Suite progress' });
  await expect(progress).toHaveAttribute('aria-valuemax', String(CASES * 3 * REPEATS));
  await expect(progress).toHaveAttribute('aria-valuenow', String(CASES * 3 * REPEATS), { timeout: 200_000 });
  const wall = Date.now() - started;
  const probe = await stopFrameProbe(page);
  const long = probe.longTasks.map((t) => t.ms).sort((a, b) => b - a);
  test.info().annotations.push({
    type: 'suite-repeats',
    description: `${CASES * 3 * REPEATS} runs in ${wall} ms; long tasks (>50 ms): ${long.length}${long.length ? ` (longest ${long[0]} ms; ${long.slice(0, 5).join(', ')})` : ''}`,
  });
  await expect(page.getByRole('table', { name: 'Results' }).locator('tfoot')).toContainText(
    `Passed every time: ${CASES} of ${CASES}`,
  );
});
