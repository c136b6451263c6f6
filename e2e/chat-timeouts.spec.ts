import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import type { Page } from '@playwright/test';

/** Sets the current session's model-request timeouts in Settings, by their labels. */
async function setTimeouts(page: Page, t: { firstByteS?: number; idleS?: number }): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  if (t.firstByteS !== undefined)
    await dialog.getByRole('spinbutton', { name: 'First byte timeout (s)' }).fill(String(t.firstByteS));
  if (t.idleS !== undefined) await dialog.getByRole('spinbutton', { name: 'Idle timeout (s)' }).fill(String(t.idleS));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('keep-alive comments longer than the idle timeout keep the request: one request, the answer shows', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await setTimeouts(page, { idleS: 2 });
  // The role chunk, then 5 s of nothing but ": keep-alive" lines (more than twice the idle timeout), then the answer.
  mock.script([
    { kind: 'keep_alive', forMs: 5_000, everyMs: 250, step: { kind: 'text', content: 'Worth the long think.' } },
  ]);
  await sendMessage(page, 'think hard');
  await expect(assistantMessages(page).last()).toContainText('Worth the long think.', { timeout: 20_000 });
  await waitForIdle(page);
  expect(mock.requests).toHaveLength(1);
  expect(mock.requests[0]?.closedBy).toBe('complete');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the idle timeout set in Settings applies: a stream that goes quiet is stopped after it and retried', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await setTimeouts(page, { idleS: 1 });
  // Quiet after the role chunk, with no keep-alives: the default 30 s would outlast this test.
  mock.script([
    { kind: 'hang', afterChunks: 1 },
    { kind: 'text', content: 'Second try.' },
  ]);
  await sendMessage(page, 'hello');
  await expect(assistantMessages(page).last()).toContainText('Second try.');
  expect(mock.requests).toHaveLength(2);
  expect(mock.requests[0]?.closedBy).toBe('client');

  // Stored with the session: Settings shows it again.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('spinbutton', { name: 'Idle timeout (s)' })).toHaveValue('1');
  await expect(dialog.getByRole('spinbutton', { name: 'First byte timeout (s)' })).toHaveValue('60');
});

test('Save refuses a timeout out of range, says what to type and points at the field', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const firstByte = dialog.getByRole('spinbutton', { name: 'First byte timeout (s)' });
  const idle = dialog.getByRole('spinbutton', { name: 'Idle timeout (s)' });
  await idle.fill('0');
  await expect(idle).toHaveAttribute('aria-invalid', 'true');
  await expect(idle).toHaveAccessibleDescription('The idle timeout must be a number of seconds from 1 to 600.');
  await firstByte.fill('');
  await expect(firstByte).toHaveAccessibleDescription('Enter the first byte timeout in seconds, from 1 to 600.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();
  await expect(firstByte).toBeFocused();

  await firstByte.fill('90');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeVisible();
  await expect(idle).toBeFocused();
  await idle.fill('45');
  await expect(idle).toHaveAttribute('aria-invalid', 'false');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(firstByte).toHaveValue('90');
  await expect(idle).toHaveValue('45');
});
