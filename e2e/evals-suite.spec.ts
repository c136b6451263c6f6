import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import type { ChatRequest, StaticStep } from './server/mock-server';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { importSuiteInFreshProfile } from './support/suite-import';
import { cityParams, seedHttpTools } from './support/http-tool-seed';

/**
 * Test cases from a real run (architecture.md, "Test cases and suites"): two cases saved from a recorded session, a
 * suite run on three mock models (one passes both, one fails one check, one errors), a failing cell opened on the
 * timeline, Stop mid-suite, a reload; the suite exported and imported into a fresh profile and run again.
 */

const lastRole = (req: ChatRequest) => req.body.messages?.at(-1)?.role;

/** Each mock model answers by its name: a held model answers nothing until the test is done with it. */
function byModel(req: ChatRequest): StaticStep {
  const model = String(req.body.model);
  if (model === 'mock-error')
    return {
      kind: 'http_error',
      status: 404,
      message: 'The model `mock-error` does not exist.',
      code: 'model_not_found',
    };
  if (model === 'mock-held') return { kind: 'hold', afterChunks: 1, gate: 'held' };
  if (lastRole(req) === 'user')
    return { kind: 'tool_calls', calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] };
  return { kind: 'text', content: model === 'mock-pass' ? 'It is 18 °C in Paris.' : 'Sunny and mild.' };
}

async function saveCase(page: Page, message: number, fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await assistantMessages(page).nth(message).getByRole('button', { name: 'Save as test case' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as test case' });
  await expect(dialog.getByRole('button', { name: 'Save case' })).toBeVisible();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Save case' }).click();
  await expect(dialog).toBeHidden();
}

async function runSuite(page: Page, models: string) {
  await page.getByRole('button', { name: 'Run suite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run suite' });
  await dialog.getByRole('textbox', { name: 'Models' }).fill(models);
  await expect(dialog).toContainText('Estimated cost');
  await dialog.getByRole('button', { name: 'Run' }).click();
}

const cell = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Results' }).getByRole('button', { name, exact: true });

async function expectThreeModelResults(page: Page) {
  const progress = page.getByRole('progressbar', { name: 'Suite progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '6');
  await expect(progress).toHaveAttribute('aria-valuemax', '6');
  for (const name of [
    'Paris call on mock-pass: pass',
    'Paris answer on mock-pass: pass',
    'Paris call on mock-partial: pass',
    'Paris answer on mock-partial: fail',
    'Paris call on mock-error: fail',
    'Paris answer on mock-error: fail',
  ]) {
    await expect(cell(page, name)).toBeVisible();
  }
  const table = page.getByRole('table', { name: 'Results' });
  await expect(cell(page, 'Paris answer on mock-partial: fail').locator('..')).toContainText(
    'The answer does not contain “18 °C”.',
  );
  await expect(cell(page, 'Paris call on mock-error: fail').locator('..')).toContainText(
    /The run failed: .*does not exist/,
  );
  await expect(table.locator('tfoot')).toContainText('Passed 2 of 2');
  await expect(table.locator('tfoot')).toContainText('Passed 1 of 2');
  await expect(table.locator('tfoot')).toContainText('Passed 0 of 2');
}

test('save two cases from a run, run the suite on three models, open a failure, Stop mid-suite, reload, export and import', async ({
  page,
  mock,
  browser,
  baseURL,
}) => {
  await openConfiguredApp(page, mock);
  await seedHttpTools(page, [
    { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
  ]);
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_paris', name: 'get_weather', arguments: { city: 'Paris' } }] },
    { kind: 'text', content: 'It is 18 °C in Paris.' },
  ]);
  await sendMessage(page, 'Weather in Paris?');
  await expect(assistantMessages(page).last()).toContainText('It is 18 °C in Paris.');
  await waitForIdle(page);
  const toolRequests = mock.allRequests.filter((r) => r.path.startsWith('/tools/')).length;

  // The tool-call step: its call and schema-checked arguments. The answer step: its text.
  await saveCase(page, 0, async (d) => {
    await d.getByRole('textbox', { name: 'Case name' }).fill('Paris call');
    await expect(d.getByRole('checkbox', { name: 'Calls tool' })).toBeChecked();
    await expect(d.getByRole('combobox', { name: 'Tool' })).toHaveValue('get_weather');
    await d.getByRole('checkbox', { name: 'Arguments match' }).check();
    await d
      .getByRole('textbox', { name: 'Arguments (JSON Schema)' })
      .fill('{"type":"object","properties":{"city":{"const":"Paris"}},"required":["city"]}');
    await d.getByRole('textbox', { name: 'New suite' }).fill('Weather');
  });
  await saveCase(page, 1, async (d) => {
    await d.getByRole('textbox', { name: 'Case name' }).fill('Paris answer');
    await d.getByRole('checkbox', { name: 'Answer contains' }).check();
    await d.getByRole('textbox', { name: 'Text' }).fill('18 °C');
    await expect(d.getByRole('combobox', { name: 'Suite' })).toHaveValue(/.+/);
  });

  await page.getByRole('tab', { name: 'Tests' }).click();
  await expect(page.getByRole('heading', { name: 'Weather' })).toBeVisible();
  mock.configure({ defaultStep: byModel });
  const before = mock.requests.length;
  await runSuite(page, 'mock-pass\nmock-partial\nmock-error');
  await expectThreeModelResults(page);
  // Only model requests: every tool call was answered from the recording.
  expect(mock.allRequests.filter((r) => r.path.startsWith('/tools/')).length).toBe(toolRequests);
  const sent = mock.requests.slice(before);
  expect(new Set(sent.map((r) => r.body.model))).toEqual(new Set(['mock-pass', 'mock-partial', 'mock-error']));
  await page.screenshot({ path: 'e2e/artifacts/evals-results.png' });

  // A failing cell opens its details; its one run opens on the timeline.
  await cell(page, 'Paris answer on mock-partial: fail').click();
  const details = page.getByRole('region', { name: 'Paris answer on mock-partial' });
  await expect(details).toContainText('The answer does not contain “18 °C”.');
  await details.getByRole('button', { name: 'Run 1' }).click();
  await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[data-kind="request"]').first()).toBeVisible();
  // Its session is a test run's: out of the Sessions list until "Show test runs".
  const listed = page
    .getByRole('list', { name: 'Sessions list' })
    .getByRole('button', { name: /^Paris answer on mock-partial/ });
  await expect(listed).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Show test runs' }).check();
  await expect(listed).toBeVisible();

  // Stop mid-suite: the held model's cells end stopped, the server sees its requests go, nothing stays running.
  await page.getByRole('tab', { name: 'Tests' }).click();
  const heldFrom = mock.requests.length;
  await runSuite(page, 'mock-pass\nmock-held');
  await mock.waitForHold('held');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await mock.waitForDisconnect(heldFrom + mock.requests.slice(heldFrom).findIndex((r) => r.body.model === 'mock-held'));
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0);
  await expect(cell(page, 'Paris call on mock-held: stopped')).toBeVisible();
  await expect(cell(page, 'Paris answer on mock-held: stopped')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Results' }).getByRole('button', { name: /mock-held: pass/ }),
  ).toHaveCount(0);

  await page.reload();
  await page.getByRole('tab', { name: 'Tests' }).click();
  await expect(cell(page, 'Paris call on mock-held: stopped')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Suite progress' })).toHaveAttribute('aria-valuemax', '4');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export suite' }).click(),
  ]);
  const fileText = readFileSync(await download.path(), 'utf8');
  expect(JSON.parse(fileText)).toMatchObject({ format: 'toolscope-suite', version: 3, repeats: 1 });
  expect(fileText).not.toContain('sk-test');

  // A fresh profile: import the file and run the suite again, with the same verdicts.
  const { page: other, close } = await importSuiteInFreshProfile(browser, baseURL, mock, fileText);
  await runSuite(other, 'mock-pass\nmock-partial\nmock-error');
  await expectThreeModelResults(other);
  await close();
});
