/**
 * A breakpoint's pause and two tabs (docs/debugging.md, "Breakpoints"): while the tab whose run paused still holds the
 * session's run lock, another tab on the same session watches it read-only, is not offered the pause, and never asks
 * for the lock. Once that tab is gone the pause is the person's to answer in the other tab, as after a reload: it is
 * offered there, and the lock is left free (no repair taken under it while the pause waits), so its Continue runs.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { configureSettings, openApp, openConfiguredApp } from './support/configured-app';
import { currentSessionId, openSession } from './support/session-list';

/** What a tab asked of the browser's lock manager: how often it looked, and the locks it asked for. */
type LockLog = { queries: number; requests: string[] };

/** Records the tab's own Web Locks calls (it still makes them): installed before the app loads. */
async function recordLocks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: LockLog = { queries: 0, requests: [] };
    (window as unknown as { lockLog: LockLog }).lockLog = log;
    const proto = LockManager.prototype as unknown as {
      request: (...args: unknown[]) => Promise<unknown>;
      query: () => Promise<unknown>;
    };
    const request = proto.request;
    const query = proto.query;
    proto.request = function (this: LockManager, ...args: unknown[]) {
      log.requests.push(String(args[0]));
      return request.apply(this, args);
    };
    proto.query = function (this: LockManager) {
      log.queries += 1;
      return query.call(this);
    };
  });
}

const lockLog = (page: Page) => page.evaluate(() => (window as unknown as { lockLog: LockLog }).lockLog);

test('a pause another tab holds is not offered and its lock is not asked for; once that tab is gone, Continue runs here', async ({
  context,
  mock,
}) => {
  test.setTimeout(90_000);
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  await recordLocks(tabB);

  await openConfiguredApp(tabA, mock);
  await tabA.getByRole('button', { name: 'New session', exact: true }).click();
  await tabA.getByRole('button', { name: 'Breakpoints', exact: true }).click();
  await tabA.getByRole('group', { name: 'Breakpoints' }).getByRole('checkbox', { name: 'Before tool calls' }).check();
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_t', name: 'js_eval', arguments: { expression: '6 * 7' } }] },
    { kind: 'text', content: 'Answered in the other tab.' },
  ]);
  await sendMessage(tabA, 'compute in two tabs');
  await expect(tabA.getByRole('group', { name: 'Paused before js_eval' })).toBeVisible();
  const sessionId = await currentSessionId(tabA);
  const runLock = `toolscope-run-${sessionId}`;

  await openApp(tabB);
  await configureSettings(tabB, mock);
  await openSession(tabB, sessionId);
  const pausedInB = tabB.getByRole('group', { name: 'Paused before js_eval' });
  const banner = tabB.getByRole('status').filter({ hasText: 'running in another tab' });

  // A holds the run: B watches it read-only, with no pause card of its own to answer.
  await expect(banner).toBeVisible();
  // Several looks at the lock later (B polls it while the stored run is live), still the same, and B never asked for it.
  const looked = (await lockLog(tabB)).queries;
  await expect.poll(async () => (await lockLog(tabB)).queries).toBeGreaterThan(looked + 2);
  await expect(banner).toBeVisible();
  await expect(pausedInB).toHaveCount(0);
  await expect(tabB.locator('section.chat')).not.toHaveAttribute('data-run-state', 'paused');
  expect((await lockLog(tabB)).requests).not.toContain(runLock);

  // A is closed while paused: the browser lets its lock go, and B offers the pause, as a reload would.
  await tabA.close();
  await expect(banner).toHaveCount(0);
  await expect(pausedInB).toBeVisible();
  await expect(tabB.locator('section.chat')).toHaveAttribute('data-run-state', 'paused');
  // B keeps looking at the lock while the pause waits, and takes it for nothing (no repair of the paused run).
  const lookedAgain = (await lockLog(tabB)).queries;
  await expect.poll(async () => (await lockLog(tabB)).queries).toBeGreaterThan(lookedAgain + 2);
  expect((await lockLog(tabB)).requests).not.toContain(runLock);

  // Continue here takes the lock and runs the call, then the model answers.
  await pausedInB.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(assistantMessages(tabB).last()).toContainText('Answered in the other tab.');
  await waitForIdle(tabB);
  expect((await lockLog(tabB)).requests).toContain(runLock);
  const tool = (mock.requests.at(-1)?.body.messages ?? []).find((m) => m.role === 'tool');
  expect(String(tool?.content)).toContain('42');
});
