import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import type { ChatRequest, StaticStep } from './server/mock-server';
import { expectNoAxeViolations } from './support/axe-scan';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { importSuiteInFreshProfile } from './support/suite-import';
import { typeTokenPrices } from './support/token-prices';

/**
 * Repeats and a model as judge (architecture.md, "Test cases and suites"): cases saved from a real session, one with
 * an answer check and three judged by a model only; the suite run three times per case x model on a model that is
 * right two runs in three and one that is always wrong; a judge that says yes with logprobs, one that says no without,
 * one that errors; the judge's cost apart; each run opened from the cell's details; promptfoo's config; the suite
 * exported and imported into a fresh profile, run again with the same verdict kinds; a reload mid-suite.
 */

const JUDGE_USAGE = { prompt_tokens: 100, completion_tokens: 1, total_tokens: 101 };

/**
 * The mock's models by name. mock-alt answers the second of every three of its requests with the same messages
 * wrongly, so three repeats of one case are right twice whatever order they run in; mock-bad is always wrong; the
 * judges answer the same whatever they are shown.
 */
function models() {
  const seen = new Map<string, number>();
  return (req: ChatRequest): StaticStep => {
    const model = String(req.body.model);
    if (model === 'mock-judge-yes')
      return {
        kind: 'text',
        content: 'yes',
        topLogprobs: [
          { token: 'yes', logprob: Math.log(0.93) },
          { token: 'no', logprob: Math.log(0.07) },
        ],
        usage: JUDGE_USAGE,
      };
    if (model === 'mock-judge-no') return { kind: 'text', content: 'No.', usage: JUDGE_USAGE };
    if (model === 'mock-judge-down')
      return { kind: 'http_error', status: 500, message: 'The judge is down for maintenance.' };
    if (model === 'mock-held') return { kind: 'hold', afterChunks: 1, gate: 'held' };
    // Counted per model: mock-bad's requests for a case carry the same messages, and a count shared with them made
    // mock-alt's verdict hang on the order the suite happened to run them in.
    const key = `${model} ${JSON.stringify(req.body.messages)}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    const wrong = model === 'mock-bad' || (model === 'mock-alt' && n % 3 === 1);
    return { kind: 'text', content: wrong ? 'Sunny and mild.' : 'It is 18 °C.' };
  };
}

async function saveCase(page: Page, message: number, name: string, fill: (dialog: Locator) => Promise<void>) {
  await assistantMessages(page).nth(message).getByRole('button', { name: 'Save as test case' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as test case' });
  await expect(dialog.getByRole('button', { name: 'Save case' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Case name' }).fill(name);
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Save case' }).click();
  await expect(dialog).toBeHidden();
}

/** Only a judge: "Answer contains" (ticked for a text step) off, the judge's fields filled. */
function judgedBy(judge: string) {
  return async (d: Locator) => {
    await d.getByRole('checkbox', { name: 'Answer contains' }).uncheck();
    const checks = d.getByRole('group', { name: 'Checks' });
    await checks.getByRole('checkbox', { name: 'Judged by a model' }).check();
    await checks.getByRole('textbox', { name: 'Question' }).fill('Does the answer give a temperature?');
    await checks.getByRole('textbox', { name: 'Judge model' }).fill(judge);
    await expect(checks.getByRole('spinbutton', { name: 'Threshold' })).toHaveValue('0.5');
  };
}

async function runSuite(page: Page, models: string, repeats: string | null) {
  await page.getByRole('button', { name: 'Run suite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run suite' });
  await dialog.getByRole('textbox', { name: 'Models' }).fill(models);
  if (repeats !== null) await dialog.getByRole('spinbutton', { name: 'Repeats' }).fill(repeats);
  await dialog.getByRole('button', { name: 'Run' }).click();
}

const results = (page: Page) => page.getByRole('table', { name: 'Results' });
const cell = (page: Page, name: string) => results(page).getByRole('button', { name, exact: true });

/** The verdict kinds of the suite on mock-alt and mock-bad, three runs each. */
async function expectVerdicts(page: Page) {
  const progress = page.getByRole('progressbar', { name: 'Suite progress' });
  // Progress counts runs: 4 cases x 2 models x 3 repeats.
  await expect(progress).toHaveAttribute('aria-valuemax', '24');
  await expect(progress).toHaveAttribute('aria-valuenow', '24');
  const expected: [string, string][] = [
    ['Temperature on mock-alt: flaky', '2 of 3 passed'],
    ['Temperature on mock-bad: fail', '0 of 3 passed'],
    ['Judged yes on mock-alt: pass', '3 of 3 passed'],
    ['Judged yes on mock-bad: pass', '3 of 3 passed'],
    ['Judged no on mock-alt: fail', '0 of 3 passed'],
    ['Judge down on mock-bad: fail', '0 of 3 passed'],
  ];
  for (const [name, count] of expected) {
    await expect(cell(page, name)).toBeVisible();
    await expect(cell(page, name).locator('..')).toContainText(count);
  }
  // The reasons sit under the button: which run failed and why; a judge's verdict in words.
  await expect(cell(page, 'Temperature on mock-alt: flaky').locator('..').getByRole('listitem')).toHaveText([
    /^Run [123]: The answer does not contain “°C”\.$/,
  ]);
  await expect(cell(page, 'Judged no on mock-alt: fail').locator('..')).toContainText(
    'Run 1: The judge (mock-judge-no) said no',
  );
  await expect(cell(page, 'Judge down on mock-alt: fail').locator('..')).toContainText(
    /Run 1: The judge \(mock-judge-down\) failed: .+/,
  );
  const summary = results(page).locator('tfoot');
  await expect(summary).toContainText('Passed every time: 1 of 4');
  await expect(summary).toContainText('Flaky: 1');
  await expect(summary).toContainText('Flaky: 0');
  await expect(summary).toContainText('Passed 5 of 12');
  await expect(summary).toContainText('Passed 3 of 12');
}

test('a suite run three times per case on a flaky and a broken model, judged by models, its judge cost apart; export, import, reload', async ({
  page,
  mock,
  browser,
  baseURL,
}) => {
  await openConfiguredApp(page, mock);
  mock.script([
    { kind: 'text', content: 'It is 18 °C in Paris.' },
    { kind: 'text', content: 'It is 4 °C in Oslo.' },
  ]);
  await sendMessage(page, 'Weather in Paris?');
  await expect(assistantMessages(page).first()).toContainText('18 °C');
  await waitForIdle(page);
  await sendMessage(page, 'And in Oslo?');
  await expect(assistantMessages(page).nth(1)).toContainText('4 °C');
  await waitForIdle(page);

  await saveCase(page, 0, 'Temperature', async (d) => {
    await expect(d.getByRole('checkbox', { name: 'Answer contains' })).toBeChecked();
    await d.getByRole('textbox', { name: 'Text' }).fill('°C');
    await d.getByRole('textbox', { name: 'New suite' }).fill('Weather');
  });
  // A bad judge is said in words and nothing is saved.
  await assistantMessages(page).nth(1).getByRole('button', { name: 'Save as test case' }).click();
  const saving = page.getByRole('dialog', { name: 'Save as test case' });
  await saving.getByRole('checkbox', { name: 'Answer contains' }).uncheck();
  await saving.getByRole('checkbox', { name: 'Judged by a model' }).check();
  await saving.getByRole('button', { name: 'Save case' }).click();
  await expect(saving.getByRole('alert')).toHaveText(
    'Write the yes/no question the judge answers about the answer, or untick "Judged by a model".',
  );
  await saving.getByRole('button', { name: 'Cancel' }).click();
  await saveCase(page, 1, 'Judged yes', judgedBy('mock-judge-yes'));
  await saveCase(page, 1, 'Judged no', judgedBy('mock-judge-no'));
  await saveCase(page, 1, 'Judge down', judgedBy('mock-judge-down'));

  // Prices of one's own: the two case models cheap, the judges dear, so the judge's share shows.
  await typeTokenPrices(page, 'mock-alt: 1 - 2\nmock-bad: 1 - 2\nmock-judge-yes: 100 - 100\nmock-judge-no: 100 - 100');

  await page.getByRole('tab', { name: 'Tests' }).click();
  await expect(page.getByRole('heading', { name: 'Weather' })).toBeVisible();
  await expect(page.getByText('judged by mock-judge-yes: “Does the answer give a temperature?”')).toBeVisible();
  mock.configure({ defaultStep: models() });
  const before = mock.requests.length;
  await runSuite(page, 'mock-alt\nmock-bad', '3');
  await expectVerdicts(page);
  // 24 runs, one request each; the judges were asked only where there was an answer: 3 judged cases x 2 models x 3.
  const sent = mock.requests.slice(before);
  expect(sent.filter((r) => String(r.body.model).startsWith('mock-judge'))).toHaveLength(18);
  expect(sent.filter((r) => !String(r.body.model).startsWith('mock-judge'))).toHaveLength(24);
  // The judge's cost apart: 6 priced judge requests of 100 + 1 tokens at $100 per million each, never in "Cost".
  const summary = results(page).locator('tfoot');
  const altSummary = summary.getByRole('cell').first();
  await expect(altSummary).toContainText('Judge cost $0.0606');
  const caseCost = Number(/Cost \$(\d+\.\d{4})/.exec((await altSummary.textContent()) ?? '')?.[1]);
  // The runs' own tokens only: with the judges' $0.0606 in it, it would be at least that.
  expect(caseCost).toBeGreaterThan(0);
  expect(caseCost).toBeLessThan(0.0606);
  await page.screenshot({ path: 'e2e/artifacts/evals-repeats-judge.png' });

  // A cell's details: each run, its judge request with its tokens and cost; a run opens on the timeline.
  await cell(page, 'Judged yes on mock-alt: pass').click();
  const details = page.getByRole('region', { name: 'Judged yes on mock-alt' });
  await expect(details.getByRole('button', { name: /^Run \d$/ })).toHaveText(['Run 1', 'Run 2', 'Run 3']);
  await expect(details.getByRole('list', { name: 'Judge requests of run 1' })).toHaveText(
    'Judge request (mock-judge-yes): 100 input tokens, 1 output tokens, $0.0101. The judge (mock-judge-yes) said yes, 0.93.',
  );
  await expectNoAxeViolations(page, "suite results with repeats and a cell's details");
  await details.getByRole('button', { name: 'Run 2' }).click();
  await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-kind="request"]').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Tests' }).click();

  // promptfoo's config: Repeats from the last run, the judge as llm-rubric with its model as the provider.
  await page.getByRole('button', { name: 'Export as promptfoo config' }).click();
  const pf = page.getByRole('dialog', { name: 'Export as promptfoo config' });
  await expect(pf.getByRole('spinbutton', { name: 'Repeats' })).toHaveValue('3');
  const [yamlDownload] = await Promise.all([
    page.waitForEvent('download'),
    pf.getByRole('button', { name: 'Download' }).click(),
  ]);
  const yaml = readFileSync(await yamlDownload.path(), 'utf8');
  expect(yaml).toContain('evaluateOptions:\n  repeat: 3\n');
  expect(yaml).toContain('type: "llm-rubric"');
  expect(yaml).toContain('id: "openai:chat:mock-judge-yes"');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export suite' }).click(),
  ]);
  const fileText = readFileSync(await download.path(), 'utf8');
  expect(JSON.parse(fileText)).toMatchObject({ format: 'toolscope-suite', version: 3, repeats: 3 });
  expect(fileText).toContain('"kind": "judge"');

  // A fresh profile: the file's Repeats is where "Run suite" starts; the same verdict kinds come back.
  const { page: other, close } = await importSuiteInFreshProfile(browser, baseURL, mock, fileText);
  mock.configure({ defaultStep: models() });
  await other.getByRole('button', { name: 'Run suite' }).click();
  await expect(
    other.getByRole('dialog', { name: 'Run suite' }).getByRole('spinbutton', { name: 'Repeats' }),
  ).toHaveValue('3');
  await other.getByRole('dialog', { name: 'Run suite' }).getByRole('button', { name: 'Cancel' }).click();
  await runSuite(other, 'mock-alt\nmock-bad', null);
  await expectVerdicts(other);
  await close();

  // Reload mid-suite: the held runs end stopped, none passes, and progress still counts runs.
  const heldFrom = mock.requests.length;
  await runSuite(page, 'mock-held', '2');
  await mock.waitForHold('held');
  await page.reload();
  await mock.waitForDisconnect(heldFrom + mock.requests.slice(heldFrom).findIndex((r) => r.body.model === 'mock-held'));
  await page.getByRole('tab', { name: 'Tests' }).click();
  await expect(page.getByRole('progressbar', { name: 'Suite progress' })).toHaveAttribute('aria-valuemax', '8');
  await expect(cell(page, 'Temperature on mock-held: stopped')).toBeVisible();
  await expect(results(page).getByRole('button', { name: /mock-held: (pass|fail|flaky)$/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Run suite' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Run suite' }).getByRole('spinbutton', { name: 'Repeats' }),
  ).toHaveValue('2');
});
