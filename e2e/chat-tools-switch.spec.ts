import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

test('a session with tools switched off sends no tools field and recalls no memory', async ({ page, mock }) => {
  mock.configure({ defaultStep: { kind: 'text', content: 'Plain answer.' } });
  await openConfiguredApp(page, mock);
  await sendMessage(page, 'first');
  await expect(assistantMessages(page).last()).toContainText('Plain answer.');
  await waitForIdle(page);
  expect(mock.requests[0]?.body.tools?.map((t) => t.function?.name)).toContain('remember');

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('checkbox', { name: 'Use tools' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Use memory' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const embeddingsBefore = mock.allRequests.filter((r) => r.path === '/v1/embeddings').length;
  await sendMessage(page, 'second');
  await expect(assistantMessages(page)).toHaveCount(2);
  await waitForIdle(page);
  expect('tools' in (mock.requests[1]?.body ?? {})).toBe(false);
  expect(mock.allRequests.filter((r) => r.path === '/v1/embeddings')).toHaveLength(embeddingsBefore);
  // Nothing was searched, so the chat says nothing about recall (no "0 memories recalled").
  await expect(page.getByText(/memor(y|ies) recalled/)).toHaveCount(0);

  // The switch is the session's own: it is still off when the dialog opens again.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Use tools' })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Use memory' })).not.toBeChecked();
});
