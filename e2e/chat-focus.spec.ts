import { test, expect } from './fixtures';
import { assistantMessages, messageBox, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

const LONG = Array.from({ length: 150 }, (_, i) => `word${i}`).join(' ');

// Writing is what the chat is for: the actions that replace or disable the control in hand (the first
// message creates a session and a new Message box; Send and Stop turn disabled) leave the cursor in the box.
test('the cursor stays in the Message box after the first message, after Stop, after Send, and on New session', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  mock.script([
    { kind: 'text', content: 'One.' },
    { kind: 'text', content: LONG, chunkDelayMs: 40 },
    { kind: 'text', content: 'Three.' },
  ]);

  await messageBox(page).fill('first message');
  await messageBox(page).press('Enter');
  await expect(assistantMessages(page).last()).toContainText('One.');
  await waitForIdle(page);
  await expect(messageBox(page)).toBeFocused();

  // Straight on with the keyboard, then Stop by its button.
  await page.keyboard.type('second message');
  await page.keyboard.press('Enter');
  await expect(assistantMessages(page).last()).toContainText('word3');
  await page.getByRole('button', { name: 'Stop' }).click();
  await waitForIdle(page);
  await expect(messageBox(page)).toBeFocused();

  await page.keyboard.type('third message');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(assistantMessages(page).last()).toContainText('Three.');
  await expect(messageBox(page)).toBeFocused();
  expect(mock.requests.map((r) => r.body.messages?.at(-1)?.content)).toEqual([
    'first message',
    'second message',
    'third message',
  ]);

  await page.getByRole('button', { name: 'New session' }).click();
  await expect(page.getByText('No messages yet. Say hello.')).toBeVisible();
  await expect(messageBox(page)).toBeFocused();

  // Picking a session from the list leaves focus in the list.
  const first = page
    .getByRole('navigation', { name: 'Sessions' })
    .getByRole('button', { name: 'first message', exact: true });
  await first.click();
  await expect(first).toBeFocused();
});
