/** An open edit survives its row leaving the virtualised list, and sending it still works from the kept text. */
import { expect, test } from './fixtures';
import { openConfiguredApp } from './support/configured-app';

test('an edit kept while its row scrolls out of the list and back', async ({ page, mock }) => {
  await openConfiguredApp(page, mock, { remember: true });
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const req = indexedDB.open('toolscope');
            req.onsuccess = () => {
              const ok = req.result.objectStoreNames.contains('messages');
              req.result.close();
              resolve(ok);
            };
            req.onerror = () => resolve(false);
          }),
      ),
    )
    .toBe(true);
  // 300 stored messages: far more than the list keeps mounted.
  await page.evaluate(async () => {
    const now = Date.now();
    const count = 300;
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('toolscope');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const tx = idb.transaction(['sessions', 'messages'], 'readwrite');
    tx.objectStore('sessions').put({
      id: 'long',
      title: 'Long talk',
      model: 'mock-gpt',
      status: 'finished',
      createdAt: now - count * 1000,
      updatedAt: now,
      messageCount: count,
      toolCallCount: 0,
      usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0, estimated: true },
      settings: {},
    });
    for (let i = 0; i < count; i++) {
      const base = { id: `long-m${i}`, sessionId: 'long', order: i, createdAt: now - (count - i) * 1000 };
      tx.objectStore('messages').put(
        i % 2 === 0
          ? { ...base, role: 'user', content: `Question number ${i}` }
          : {
              ...base,
              role: 'assistant',
              content: `Answer ${i}: ${'words '.repeat(20)}`,
              reasoning: '',
              refusal: null,
              toolCalls: [],
              status: 'complete',
              runId: 'long-run',
              turn: i,
            },
      );
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    idb.close();
  });
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Sessions' })
    .getByRole('button', { name: 'Long talk', exact: true })
    .click();
  const list = page.getByRole('log', { name: 'Messages' });
  await expect(list.getByText('Question number 298', { exact: true })).toBeVisible();

  // Open an edit on the last question and type into it.
  const lastQuestion = list.locator('article[aria-label="Your message"]', { hasText: 'Question number 298' });
  const row = list.locator('[data-index]', { has: page.getByText('Question number 298', { exact: true }) });
  await expect(lastQuestion).toHaveCount(1);
  await row.getByRole('button', { name: 'Edit' }).click();
  const box = page.getByRole('textbox', { name: 'Edit message' });
  await box.fill('Question number 298, edited while scrolling');

  // Scroll to the top until the row is gone from the page, then back down.
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  await expect(list.getByText('Question number 0', { exact: true })).toBeVisible();
  await expect(lastQuestion).toHaveCount(0);
  await expect(box).toHaveCount(0);
  await list.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect(box).toHaveValue('Question number 298, edited while scrolling');
  // Coming back into view does not take the cursor: only opening the edit does.
  await expect(box).not.toBeFocused();

  // Sending it runs with the kept text.
  mock.script([{ kind: 'text', content: 'Edited answer.' }]);
  await page.getByRole('button', { name: 'Send edit' }).click();
  await expect(list.getByText('Edited answer.')).toBeVisible();
  await expect(box).toHaveCount(0);
  const sent = mock.requests.at(-1)?.body as { messages: { role: string; content: unknown }[] } | undefined;
  expect(sent?.messages.at(-1)).toMatchObject({ role: 'user', content: 'Question number 298, edited while scrolling' });
});
