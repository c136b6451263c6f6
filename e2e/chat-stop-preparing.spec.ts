import { test, expect } from './fixtures';
import { historyProblems } from './support/history-check';
import { messageBox, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { currentSessionId, openSession } from './support/session-list';
import { readSession } from './support/stored-rows';

test('Stop while memories are being recalled keeps the message and ends the run as cancelled', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  // A memory makes the run ask the endpoint for embeddings before its first chat request; that request hangs.
  await page.getByRole('tab', { name: 'Memories' }).click();
  await page.getByRole('textbox', { name: 'New memory' }).fill('The cat is called Miso');
  await page.getByRole('button', { name: 'Add memory' }).click();
  await expect(page.getByRole('list', { name: 'Saved memories' })).toContainText('Miso');
  await page.getByRole('tab', { name: 'Chat' }).click();
  mock.configure({ embeddings: 'hang' });

  await sendMessage(page, 'What is my cat called?');
  await expect
    .poll(() => mock.allRequests.filter((r) => r.path === '/v1/embeddings' && r.closedAt === undefined).length)
    .toBe(1);
  await page.getByRole('button', { name: 'Stop' }).click();
  await waitForIdle(page);

  await expect(page.getByRole('article', { name: 'Your message' })).toContainText('What is my cat called?');
  await expect(page.getByText('The run could not start')).toHaveCount(0);
  expect(mock.requests).toHaveLength(0);
  await expect(messageBox(page)).toHaveValue('');

  const sessionId = await currentSessionId(page);
  await expect(page.locator(`li[data-session-id="${sessionId}"]`)).toContainText('cancelled');
  const stored = await readSession(page, sessionId);
  expect(stored.messages.map((m) => [m.role, m.content])).toEqual([['user', 'What is my cat called?']]);
  expect(historyProblems(stored.messages)).toEqual([]);
  expect(stored.runs).toHaveLength(1);
  expect(stored.runs[0]).toMatchObject({ stopReason: 'cancelled' });

  // The kept message survives a reload.
  await page.reload();
  await openSession(page, sessionId);
  await expect(page.getByRole('article', { name: 'Your message' })).toContainText('What is my cat called?');
});
