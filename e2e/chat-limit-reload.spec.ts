import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

test('a limit stop is shown with Continue after a reload and in another tab, and Continue runs on', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock, { maxTurns: 1 });
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_eval', name: 'js_eval', arguments: { expression: '6 * 7' } }] },
    { kind: 'text', content: 'It is 42.' },
  ]);
  await sendMessage(page, 'what is 6 times 7?');
  await waitForIdle(page);
  const limit = page.getByRole('alert').filter({ hasText: 'Limit reached' });
  await expect(limit).toContainText('stopped after 1 turn');

  // Another tab opened on the session reads the stop from storage.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await expect(other.getByRole('alert').filter({ hasText: 'Limit reached' })).toContainText('stopped after 1 turn');
  await expect(
    other.getByRole('alert').filter({ hasText: 'Limit reached' }).getByRole('button', { name: 'Continue' }),
  ).toBeVisible();

  await page.reload();
  const afterReload = page.getByRole('alert').filter({ hasText: 'Limit reached' });
  await expect(afterReload).toContainText('stopped after 1 turn');
  // While the other tab holds the session's run lock (as a run there does), Continue here says why it starts nothing.
  const sessionId = new URL(page.url()).hash.match(/[0-9a-f-]{36}/)?.[0];
  expect(sessionId).toBeTruthy();
  await other.evaluate((name) => {
    void navigator.locks.request(
      name,
      () =>
        new Promise<void>((release) => {
          (window as unknown as { releaseRun: () => void }).releaseRun = release;
        }),
    );
  }, `toolscope-run-${sessionId}`);
  await expect
    .poll(() => page.evaluate(async () => (await navigator.locks.query()).held?.length ?? 0))
    .toBeGreaterThan(0);
  await afterReload.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Another tab is running this session' })).toBeVisible();
  expect(mock.requests).toHaveLength(1);
  await other.evaluate(() => (window as unknown as { releaseRun: () => void }).releaseRun());
  await other.close();
  await afterReload.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Another tab is running this session' })).toHaveCount(0);
  await expect(assistantMessages(page).last()).toContainText('It is 42.');
  await waitForIdle(page);
  expect(mock.requests[1]?.body.messages?.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
  // The run that continued ended normally: the limit is no longer offered, here or after another reload.
  await expect(page.getByRole('alert').filter({ hasText: 'Limit reached' })).toHaveCount(0);
  await page.reload();
  await expect(assistantMessages(page).last()).toContainText('It is 42.');
  await expect(page.getByRole('alert').filter({ hasText: 'Limit reached' })).toHaveCount(0);
});
