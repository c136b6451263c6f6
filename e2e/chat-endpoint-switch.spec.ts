import { test, expect } from './fixtures';
import { assistantMessages, messageBox, sendMessage, waitForIdle } from './support/chat-run';
import { configureSettings, openConfiguredApp } from './support/configured-app';
import { currentSessionId, newSession, openSession } from './support/session-list';

test('an older session continued after switching provider asks which endpoint to use; the message stays and goes where chosen', async ({
  page,
  mock,
}) => {
  mock.configure({ defaultStep: { kind: 'text', content: 'Answer.' } });
  // Two spellings of the one mock server are two endpoints to the app; the Host header tells them apart.
  const first = mock.url;
  const second = mock.url.replace('127.0.0.1', 'localhost');
  await openConfiguredApp(page, mock);
  await sendMessage(page, 'hello on the first endpoint');
  await expect(assistantMessages(page).last()).toContainText('Answer.');
  await waitForIdle(page);
  const older = await currentSessionId(page);

  await newSession(page);
  await configureSettings(page, mock, { baseURL: second });
  await openSession(page, older);
  await messageBox(page).fill('and now?');
  await page.getByRole('button', { name: 'Send' }).click();
  const question = page.getByRole('alert').filter({ hasText: 'This session used another endpoint' });
  await expect(question).toContainText(
    `It ran on ${first} with the model “mock-gpt”; Settings now point at ${second}.`,
  );
  // Nothing was sent, and the typed message waits in the box.
  expect(mock.requests).toHaveLength(1);
  await expect(messageBox(page)).toHaveValue('and now?');

  await question.getByRole('button', { name: `Continue on ${second}` }).click();
  await expect(question).toHaveCount(0);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(assistantMessages(page)).toHaveCount(2);
  await waitForIdle(page);
  expect(mock.requests[1]?.headers.host).toMatch(/^localhost:/);
  expect(mock.requests[1]?.body.messages?.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
    'hello on the first endpoint',
    'and now?',
  ]);

  // The session now belongs to the second endpoint; pointing Settings back at the first (from the new session) asks again,
  // and "Switch back" puts Settings on the session's own endpoint.
  await newSession(page);
  await configureSettings(page, mock, { baseURL: first });
  await openSession(page, older);
  await messageBox(page).fill('third');
  await page.getByRole('button', { name: 'Send' }).click();
  await question.getByRole('button', { name: `Switch back to ${second}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('textbox', { name: 'Base URL' })).toHaveValue(second);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Send' }).click();
  // A streaming reply shows its row before the request lands: wait for the answer itself.
  await expect(assistantMessages(page).nth(2)).toContainText('Answer.');
  await waitForIdle(page);
  expect(mock.requests[2]?.headers.host).toMatch(/^localhost:/);

  // Stored with the session: the base URL only (keys stay global, per the key store).
  const stored = await page.evaluate(async (id) => {
    const open = indexedDB.open('toolscope');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const row = await new Promise<unknown>((resolve) => {
      const r = db.transaction('sessions').objectStore('sessions').get(id);
      r.onsuccess = () => resolve(r.result);
    });
    db.close();
    return row as { endpoint?: { baseURL: string } };
  }, older);
  expect(stored.endpoint).toEqual({ baseURL: second });
});
