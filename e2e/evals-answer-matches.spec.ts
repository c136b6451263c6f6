import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

/**
 * "Answer matches" in the browser (architecture.md, "Test cases and suites"): the page tests each pattern in its
 * worker, with the time limit counted from when the pattern starts. A harmless pattern passes; one that backtracks
 * for seconds on a long answer is stopped with a sentence in its cell, and the page answers clicks meanwhile.
 */

/** What the page saw of one click on a tab: when the press came, when the tab said it was selected, the run's and the matcher's state. */
type TabProbe = {
  pressedAt: number | null;
  answeredAt: number | null;
  cellAtPress: string | null;
  patternAtPress: string | null;
};

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

test('a matching pattern passes and a backtracking one is stopped with a sentence, the page responsive', async ({
  page,
  mock,
}) => {
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

  // What the page's matcher worker is doing, as the page sees it: its requests and replies, recorded (and passed on
  // unchanged) by a wrapper around the page's Worker. `running` is the pattern a worker said it started and has not
  // finished or been ended on.
  await page.evaluate(() => {
    const state: { running: string | null } = { running: null };
    (window as unknown as { matchProbe: typeof state }).matchProbe = state;
    const Native = window.Worker;
    window.Worker = class extends Native {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        if (options?.name !== 'toolscope-answer-match') return;
        const patterns = new Map<number, string>();
        const post = this.postMessage.bind(this) as (m: unknown) => void;
        this.postMessage = (m: { id: number; pattern: string }) => {
          patterns.set(m.id, m.pattern);
          post(m);
        };
        this.addEventListener('message', (e: MessageEvent<{ id: number; kind: string }>) => {
          state.running = e.data.kind === 'started' ? (patterns.get(e.data.id) ?? null) : null;
        });
        const terminate = this.terminate.bind(this);
        this.terminate = () => {
          state.running = null;
          terminate();
        };
      }
    };
  });
  const chatTab = page.getByRole('tab', { name: 'Chat' });
  const tabBox = await chatTab.boundingBox();
  if (!tabBox) throw new Error('the Chat tab has no box');
  await dialog.getByRole('button', { name: 'Run' }).click();
  const results = page.getByRole('table', { name: 'Results' });

  // A press on the Chat tab while the backtracking pattern runs, sent as a person's is (no wait for the page to be
  // ready for it): a page thread busy with the pattern would take it only once the pattern ended. The page records
  // the press's time (the browser's, taken when the press was sent, so a busy page thread counts), when the tab says
  // it is selected, and what the matcher was running at the press. Three runs of the pattern give three chances to
  // press inside one (each runs up to its 1 s limit).
  let probe: TabProbe | null = null;
  for (let attempt = 0; attempt < 3 && probe?.patternAtPress !== BACKTRACKS; attempt++) {
    if (attempt > 0) {
      await page.getByRole('tab', { name: 'Tests' }).click();
      await expect(chatTab).toHaveAttribute('aria-selected', 'false');
    }
    await chatTab.evaluate((tab) => {
      const p: TabProbe = { pressedAt: null, answeredAt: null, cellAtPress: null, patternAtPress: null };
      (window as unknown as { tabProbe: TabProbe }).tabProbe = p;
      tab.addEventListener(
        'pointerdown',
        (e) => {
          p.pressedAt = e.timeStamp;
          p.patternAtPress = (window as unknown as { matchProbe: { running: string | null } }).matchProbe.running;
          p.cellAtPress =
            [...document.querySelectorAll('table[aria-label="Results"] button')]
              .map((b) => b.textContent)
              .find((t) => t?.startsWith('Backtracking')) ?? null;
        },
        { once: true },
      );
      new MutationObserver((_, observer) => {
        if (tab.getAttribute('aria-selected') !== 'true') return;
        p.answeredAt = performance.now();
        observer.disconnect();
      }).observe(tab, { attributes: true, attributeFilter: ['aria-selected'] });
    });
    await page.waitForFunction(
      (pattern) => (window as unknown as { matchProbe: { running: string | null } }).matchProbe.running === pattern,
      BACKTRACKS,
    );
    await page.mouse.click(tabBox.x + tabBox.width / 2, tabBox.y + tabBox.height / 2);
    await expect(chatTab).toHaveAttribute('aria-selected', 'true');
    probe = await page.evaluate(() => (window as unknown as { tabProbe: TabProbe }).tabProbe);
  }
  if (probe === null) throw new Error('no press was made');
  expect(probe.patternAtPress, 'the press came while the backtracking pattern ran').toBe(BACKTRACKS);
  expect(probe.cellAtPress, 'the click came while the patterns ran').toBe('Backtracking on mock-gpt: running');
  if (probe.pressedAt === null || probe.answeredAt === null)
    throw new Error(`the click was not seen: ${JSON.stringify(probe)}`);
  expect(probe.answeredAt - probe.pressedAt, 'ms from the press to the tab selected').toBeLessThan(500);

  await page.getByRole('tab', { name: 'Tests' }).click();
  await expect(results.getByRole('button', { name: 'Total shape on mock-gpt: pass', exact: true })).toBeVisible();
  const stopped = results.getByRole('button', { name: 'Backtracking on mock-gpt: fail', exact: true });
  await expect(stopped).toBeVisible();
  await expect(stopped.locator('..')).toContainText(
    `The regular expression /${BACKTRACKS}/ took longer than 1 s on this answer and was stopped.`,
  );
  await expect(page.getByRole('progressbar', { name: 'Suite progress' })).toHaveAttribute('aria-valuenow', '6');

  // A reload keeps both verdicts.
  await page.reload();
  await page.getByRole('tab', { name: 'Tests' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Results' })
      .getByRole('button', { name: 'Backtracking on mock-gpt: fail', exact: true }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Results' })
      .getByRole('button', { name: 'Total shape on mock-gpt: pass', exact: true }),
  ).toBeVisible();
});
