import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

/**
 * "Answer matches" in the browser (architecture.md, "Test cases and suites"): the page tests each pattern in its
 * worker, with the time limit counted from when the pattern starts. A harmless pattern passes; one that backtracks
 * for seconds on a long answer is stopped with a sentence in its cell, and the page answers clicks meanwhile.
 */

/** What the page saw of one click on a tab: when the press came, when the tab said it was selected, the run's state. */
type TabProbe = { pressedAt: number | null; answeredAt: number | null; cellAtPress: string | null };

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
  test.setTimeout(90_000);
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
  // Three runs of each case: the backtracking pattern then runs three times, one after another, each up to its 1 s
  // limit, so there is a pattern running when the click below comes.
  await dialog.getByRole('spinbutton', { name: 'Repeats' }).fill('3');

  // The page's own record of a click on the Chat tab: the press's time (the browser's, taken when the press was sent,
  // so a busy page thread counts), when the tab says it is selected, and the Backtracking cell at the press.
  const chatTab = page.getByRole('tab', { name: 'Chat' });
  await chatTab.evaluate((tab) => {
    const probe: TabProbe = { pressedAt: null, answeredAt: null, cellAtPress: null };
    (window as unknown as { tabProbe: TabProbe }).tabProbe = probe;
    tab.addEventListener('pointerdown', (e) => {
      probe.pressedAt = e.timeStamp;
      probe.cellAtPress = [...document.querySelectorAll('table[aria-label="Results"] button')].map((b) => b.textContent).find((t) => t?.startsWith('Backtracking')) ?? null;
    }, { once: true });
    new MutationObserver((_, observer) => {
      if (tab.getAttribute('aria-selected') !== 'true') return;
      probe.answeredAt = performance.now();
      observer.disconnect();
    }).observe(tab, { attributes: true, attributeFilter: ['aria-selected'] });
  });
  const tabBox = await chatTab.boundingBox();
  if (!tabBox) throw new Error('the Chat tab has no box');
  // The first pattern stopped at its limit (its worker ended) and the cell still running: the next pattern is running.
  const firstPatternStopped = new Promise<void>((resolve) => {
    page.on('worker', (w) => {
      if (w.url().includes('match-worker')) w.once('close', () => resolve());
    });
  });
  await dialog.getByRole('button', { name: 'Run' }).click();

  const results = page.getByRole('table', { name: 'Results' });
  await firstPatternStopped;
  await expect(results.getByRole('button', { name: 'Backtracking on mock-gpt: running', exact: true })).toBeVisible();
  // A press where the tab is, sent as a person's is (no wait for the page to be ready for it): a page thread busy
  // with the pattern would take it only once the pattern ended.
  await page.mouse.click(tabBox.x + tabBox.width / 2, tabBox.y + tabBox.height / 2);
  await expect(chatTab).toHaveAttribute('aria-selected', 'true');
  const probe = await page.evaluate(() => (window as unknown as { tabProbe: TabProbe }).tabProbe);
  expect(probe.cellAtPress, 'the click came while the patterns ran').toBe('Backtracking on mock-gpt: running');
  if (probe.pressedAt === null || probe.answeredAt === null) throw new Error(`the click was not seen: ${JSON.stringify(probe)}`);
  expect(probe.answeredAt - probe.pressedAt, 'ms from the press to the tab selected').toBeLessThan(500);

  await page.getByRole('tab', { name: 'Tests' }).click();
  await expect(results.getByRole('button', { name: 'Total shape on mock-gpt: pass', exact: true })).toBeVisible();
  const stopped = results.getByRole('button', { name: 'Backtracking on mock-gpt: fail', exact: true });
  await expect(stopped).toBeVisible();
  await expect(stopped.locator('..')).toContainText(`The regular expression /${BACKTRACKS}/ took longer than 1 s on this answer and was stopped.`);
  await expect(page.getByRole('progressbar', { name: 'Suite progress' })).toHaveAttribute('aria-valuenow', '6');

  // A reload keeps both verdicts.
  await page.reload();
  await page.getByRole('tab', { name: 'Tests' }).click();
  await expect(page.getByRole('table', { name: 'Results' }).getByRole('button', { name: 'Backtracking on mock-gpt: fail', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Results' }).getByRole('button', { name: 'Total shape on mock-gpt: pass', exact: true })).toBeVisible();
});
