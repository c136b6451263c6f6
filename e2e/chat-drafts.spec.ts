import { test, expect } from './fixtures';
import { assistantMessages, messageBox, sendMessage, waitForIdle } from './support/chat-run';
import { newSession } from './support/session-list';
import { openConfiguredApp } from './support/configured-app';

test('unsent text stays with its session across tab and session switches, and is gone once sent', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: 'First answer.' }]);
  await sendMessage(page, 'first session');
  await waitForIdle(page);
  const sessions = page.getByRole('navigation', { name: 'Sessions' });

  await messageBox(page).fill('a long question I am still writing');
  // A look at the Timeline and back.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(messageBox(page)).toHaveValue('a long question I am still writing');

  // Another session has its own (empty) box, and its own draft.
  await newSession(page);
  await expect(messageBox(page)).toHaveValue('');
  await messageBox(page).fill('draft for the second');
  await sessions.getByRole('button', { name: 'first session', exact: true }).click();
  await expect(messageBox(page)).toHaveValue('a long question I am still writing');

  // Sent: the box is empty, also after coming back.
  mock.script([{ kind: 'text', content: 'Second answer.' }]);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(assistantMessages(page).last()).toContainText('Second answer.');
  await expect(messageBox(page)).toHaveValue('');
  await sessions.getByRole('button', { name: 'Untitled session', exact: true }).click();
  await expect(messageBox(page)).toHaveValue('draft for the second');
  await sessions.getByRole('button', { name: 'first session', exact: true }).click();
  await expect(messageBox(page)).toHaveValue('');
  expect(mock.requests.at(-1)?.body.messages?.at(-1)).toMatchObject({
    role: 'user',
    content: 'a long question I am still writing',
  });
});
