import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { configureSettings, openApp } from './support/configured-app';

test('top P, retries, tools run at once and the tool output limit: checked in Settings, kept, and applied to requests', async ({
  page,
  mock,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const concurrency = dialog.getByRole('spinbutton', { name: 'Tools run at once' });
  // A value out of range is refused with a message that says what to type, and Save keeps the dialog open on it.
  await concurrency.fill('40');
  await expect(dialog.getByText('The number of tools run at once must be a whole number from 1 to 16.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(concurrency).toBeFocused();
  await concurrency.fill('1');
  await dialog.getByRole('spinbutton', { name: 'Top P' }).fill('0.5');
  await dialog.getByRole('spinbutton', { name: 'Retries' }).fill('1');
  await dialog.getByRole('spinbutton', { name: 'Tool output limit (KB)' }).fill('1');
  await configureSettings(page, mock);

  mock.script([
    {
      kind: 'tool_calls',
      calls: [{ id: 'call_long', name: 'js_eval', arguments: { expression: "'x'.repeat(3000)" } }],
    },
    { kind: 'text', content: 'Long output read.' },
  ]);
  await sendMessage(page, 'make a long string');
  await expect(assistantMessages(page).last()).toContainText('Long output read.');
  await waitForIdle(page);
  expect(mock.requests[0]?.body.top_p).toBe(0.5);
  // The tool's 3,000 characters reached the model cut at 1 KB, with the visible marker.
  const toolResult = mock.requests[1]?.body.messages?.find((m) => m.role === 'tool');
  const content = String(toolResult?.content);
  expect(content).toContain('[output truncated: 1976 bytes omitted]');
  expect(content.startsWith('x'.repeat(1024))).toBe(true);

  // One retry: the first 503 is retried once, the second ends the run.
  const before = mock.requests.length;
  mock.script([
    { kind: 'http_error', status: 503, retryAfterMs: 10 },
    { kind: 'http_error', status: 503, retryAfterMs: 10 },
    { kind: 'text', content: 'never sent' },
  ]);
  await sendMessage(page, 'again');
  await waitForIdle(page);
  await expect(page.getByRole('alert').filter({ hasText: '503' }).first()).toBeVisible();
  expect(mock.requests.length - before).toBe(2);

  // The session keeps its own values: Settings shows them after a reload.
  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(dialog.getByRole('spinbutton', { name: 'Top P' })).toHaveValue('0.5');
  await expect(dialog.getByRole('spinbutton', { name: 'Retries' })).toHaveValue('1');
  await expect(dialog.getByRole('spinbutton', { name: 'Tools run at once' })).toHaveValue('1');
  await expect(dialog.getByRole('spinbutton', { name: 'Tool output limit (KB)' })).toHaveValue('1');
});
