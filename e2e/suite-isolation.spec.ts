/**
 * The suite's own promise (docs/architecture.md, "The e2e suite's cost"): tests of a worker share a warm browser
 * context and tab, and still each starts from an empty profile. The first test leaves everything a test can leave
 * behind; the second, next in the same worker, must find none of it.
 */
import { test, expect } from './fixtures';
import { sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp, openApp } from './support/configured-app';
import { sessionItems } from './support/session-list';

test.describe.configure({ mode: 'serial' });

let leftAt = '';
let leftTab: unknown;

test('a test leaves a session, storage of every kind, history and the pointer on the page', async ({ page, mock }) => {
  await openConfiguredApp(page, mock, { remember: true });
  mock.script([{ kind: 'text', content: 'Left behind.' }]);
  await sendMessage(page, 'From the first test');
  await waitForIdle(page);
  await expect(sessionItems(page)).toHaveCount(1);
  await page.evaluate(() => {
    sessionStorage.setItem('left', 'behind');
    localStorage.setItem('left', 'behind');
    document.cookie = 'left=behind; max-age=3600';
  });
  await page.getByRole('tab', { name: 'Timeline' }).click();
  leftAt = page.url();
  leftTab = page;
  // The pointer rests on the sessions list when the test ends.
  await sessionItems(page).first().hover();
});

test('the next test in the worker gets the same tab with an empty profile, no history and nothing hovered', async ({
  page,
}) => {
  expect(leftAt).not.toBe('');
  // The tab is handed on (its renderer stays up): what makes the suite affordable on two cores.
  expect(page).toBe(leftTab);
  await openApp(page);
  await expect(page.getByRole('button', { name: 'Try the demo' })).toBeVisible();
  await expect(sessionItems(page)).toHaveCount(0);
  const left = await page.evaluate(() => ({
    session: sessionStorage.getItem('left'),
    local: localStorage.getItem('left'),
    cookie: document.cookie,
    hovered: document.querySelectorAll('body :hover').length,
  }));
  expect(left).toEqual({ session: null, local: null, cookie: '', hovered: 0 });
  // Back leads nowhere the first test went.
  await page.goBack();
  expect(page.url()).not.toBe(leftAt);
  expect(page.url()).not.toContain('#/s/');
});

const FROZEN = new Date('2001-02-03T04:05:06Z').getTime();

test('a test that stops the page clock', async ({ page }) => {
  await page.clock.setFixedTime(FROZEN);
  await openApp(page);
  expect(await page.evaluate(() => Date.now())).toBe(FROZEN);
});

test('the next test in the worker has the real clock', async ({ page }) => {
  await openApp(page);
  const now = await page.evaluate(() => Date.now());
  expect(Math.abs(now - Date.now())).toBeLessThan(60_000);
});
