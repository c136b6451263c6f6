import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { assistantMessages, messageBox, sendMessage, waitForIdle } from './support/chat-run';
import { conversation } from './support/sent-requests';
import { openConfiguredApp } from './support/configured-app';
import { holdStores } from './support/store-hold';

const currentItem = (page: Page) => page.locator('nav[aria-label="Sessions"] li[data-current="true"]');
const yourMessages = (page: Page) => page.getByRole('article', { name: 'Your message' }).locator('.message-body');

// What is typed straight after New session belongs to the new session: none of it is lost, none of it lands in
// the session left behind. The keys follow the click with no wait for anything. Another tab writing to the
// sessions store keeps the new session's row from being stored for a while, so the keys certainly come first.

async function startWithOneSession(page: Page, mock: Parameters<typeof openConfiguredApp>[1]): Promise<string | null> {
  await openConfiguredApp(page, mock);
  await sendMessage(page, 'first session');
  await expect(assistantMessages(page).last()).toContainText('First answer.');
  await waitForIdle(page);
  return currentItem(page).getAttribute('data-session-id');
}

test('keys typed right after New session go into the new session', async ({ page, context, mock }) => {
  mock.script([
    { kind: 'text', content: 'First answer.' },
    { kind: 'text', content: 'Second answer.' },
  ]);
  const firstId = await startWithOneSession(page, mock);

  const hold = await holdStores(context, ['sessions']);
  try {
    await page.getByRole('button', { name: 'New session' }).click();
    await page.keyboard.type('typed at once');
    await expect(messageBox(page)).toHaveValue('typed at once');
    // Sent before the session is stored: it goes out once it is.
    await page.keyboard.press('Enter');
  } finally {
    await hold.release();
  }
  await expect(assistantMessages(page).last()).toContainText('Second answer.');
  // It went out on its own, as the first message of a session other than the first one.
  expect(conversation(mock.requests.at(-1))).toEqual([{ role: 'user', content: 'typed at once' }]);
  await expect(currentItem(page)).toHaveCount(1);
  await expect(currentItem(page)).not.toHaveAttribute('data-session-id', firstId ?? '');
  await expect(yourMessages(page)).toHaveText(['typed at once']);

  // The first session has its own message only, and nothing was left in its box.
  await page
    .getByRole('navigation', { name: 'Sessions' })
    .getByRole('button', { name: 'first session', exact: true })
    .click();
  await expect(yourMessages(page)).toHaveText(['first session']);
  await expect(messageBox(page)).toHaveValue('');
});

test("text filled into the Message box right after New session is the new session's draft, not the old one's", async ({
  page,
  context,
  mock,
}) => {
  mock.script([{ kind: 'text', content: 'First answer.' }]);
  const firstId = await startWithOneSession(page, mock);

  const hold = await holdStores(context, ['sessions']);
  try {
    await page.getByRole('button', { name: 'New session' }).click();
    await messageBox(page).fill('draft for the new one');
    await expect(page.getByText('No messages yet. Say hello.')).toBeVisible();
  } finally {
    await hold.release();
  }
  await expect(currentItem(page)).toHaveCount(1);
  await expect(currentItem(page)).not.toHaveAttribute('data-session-id', firstId ?? '');
  await expect(messageBox(page)).toHaveValue('draft for the new one');
  const newId = await currentItem(page).getAttribute('data-session-id');

  const sessions = page.getByRole('navigation', { name: 'Sessions' });
  await sessions.getByRole('button', { name: 'first session', exact: true }).click();
  await expect(yourMessages(page)).toHaveText(['first session']);
  await expect(messageBox(page)).toHaveValue('');
  await sessions.getByRole('button', { name: 'Untitled session', exact: true }).click();
  await expect(currentItem(page)).toHaveAttribute('data-session-id', newId ?? '');
  await expect(messageBox(page)).toHaveValue('draft for the new one');
});
