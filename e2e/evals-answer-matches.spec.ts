import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

/**
 * "Answer matches" in the browser (architecture.md, "Test cases and suites"): the page tests each pattern in its
 * worker, with the time limit counted from when the pattern starts. A harmless pattern passes; one that backtracks
 * for seconds on a long answer is stopped with a sentence in its cell, and the page answers clicks meanwhile.
 */

// Slow but not exponential, so the pattern guard lets it through: on a long run of digits ending in a letter every
// split of every suffix is tried.
const BACKTRACKS = '\\d+\\d+$';
const ANSWER = `Total: ${'1'.repeat(50_000)}x`;

async function saveMatchCase(page: Page, name: string, pattern: string, suite: { newSuite: string } | null) {
  await assistantMessages(page).last().getByRole('button', { name: 'Save as test case' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as test case' });
  await expect(dialog.getByRole('button', { name: 'Save case' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Case name' }).fill(name);
  await dialog.getByRole('checkbox', { name: 'Answer matches' }).check();
  await dialog.getByRole('textbox', { name: 'Regular expression' }).fill(pattern);
  if (suite) await dialog.getByRole('textbox', { name: 'New suite' }).fill(suite.newSuite);
  else await expect(dialog.getByRole('combobox', { name: 'Suite' })).toHaveValue(/.+/);
  await dialog.getByRole('button', { name: 'Save case' }).click();
  await expect(dialog).toBeHidden();
}

test('a matching pattern passes and a backtracking one is stopped with a sentence, the page responsive', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: ANSWER }]);
  await sendMessage(page, 'Add them up.');
  await expect(assistantMessages(page).last()).toContainText('Total: 111');
  await waitForIdle(page);

  await saveMatchCase(page, 'Total shape', '^Total: \\d+x$', { newSuite: 'Patterns' });
  await saveMatchCase(page, 'Backtracking', BACKTRACKS, null);

  await page.getByRole('tab', { name: 'Tests' }).click();
  await expect(page.getByRole('heading', { name: 'Patterns' })).toBeVisible();
  mock.configure({ defaultStep: () => ({ kind: 'text', content: ANSWER }) });
  await page.getByRole('button', { name: 'Run suite' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run suite' });
  await dialog.getByRole('textbox', { name: 'Models' }).fill('mock-gpt');
  await dialog.getByRole('button', { name: 'Run' }).click();

  const results = page.getByRole('table', { name: 'Results' });
  await expect(results.getByRole('button', { name: 'Total shape on mock-gpt: pass', exact: true })).toBeVisible();
  const stopped = results.getByRole('button', { name: 'Backtracking on mock-gpt: fail', exact: true });
  await expect(stopped).toBeVisible();
  await expect(stopped.locator('..')).toContainText(`The regular expression /${BACKTRACKS}/ took longer than 1 s on this answer and was stopped.`);
  await expect(page.getByRole('progressbar', { name: 'Suite progress' })).toHaveAttribute('aria-valuenow', '2');

  // The pattern ran off the page's thread: the page takes a click and a reload keeps both verdicts.
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(page.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await page.getByRole('tab', { name: 'Tests' }).click();
  await expect(page.getByRole('table', { name: 'Results' }).getByRole('button', { name: 'Backtracking on mock-gpt: fail', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Results' }).getByRole('button', { name: 'Total shape on mock-gpt: pass', exact: true })).toBeVisible();
});
