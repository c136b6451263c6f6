/**
 * The chat speaks through one polite live region outside the message list: an answer's end with its first
 * words, an approval request with the tool and what it wants, a stopped run; the message list stays silent.
 */
import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

const LONG = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');

test('a live region announces the finished answer, an approval request and a stop, and nothing per token', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  const region = page.locator('section.chat [aria-live="polite"]');
  await expect(page.getByRole('log', { name: 'Messages' }).or(page.locator('.message-list'))).toHaveCount(1);

  mock.script([
    { kind: 'text', content: 'The capital of France is Paris, a city on the Seine with many bridges and museums.' },
  ]);
  await sendMessage(page, 'Capital of France?');
  await waitForIdle(page);
  await expect(region).toHaveCount(1);
  await expect(region).toHaveText('Answer finished: The capital of France is Paris, a city on the Seine with…');
  // Outside the message list, so a screen reader does not hear the streamed tokens through it.
  expect(await region.evaluate((el) => el.closest('.message-list') === null)).toBe(true);
  await expect(page.getByRole('log', { name: 'Messages' })).toHaveAttribute('aria-live', 'off');

  mock.script([
    {
      kind: 'tool_calls',
      calls: [{ id: 'call_fetch', name: 'fetch_url', arguments: { url: 'https://example.com/report' } }],
    },
    { kind: 'text', content: 'Skipped the fetch.' },
  ]);
  await sendMessage(page, 'Fetch the report');
  await expect(region).toHaveText(
    'fetch_url wants to run with url: https://example.com/report. Approve or deny it below.',
  );
  await page
    .getByRole('group', { name: 'Approve fetch_url?' })
    .getByRole('button', { name: 'Deny', exact: true })
    .click();
  await waitForIdle(page);
  await expect(region).toHaveText('Answer finished: Skipped the fetch.');

  mock.script([{ kind: 'hold', gate: 'long', afterChunks: 8, step: { kind: 'text', content: LONG } }]);
  const stopIndex = mock.requests.length;
  await sendMessage(page, 'A long one');
  await expect(assistantMessages(page).last()).toContainText('word3');
  // While it streams, the region still holds the last announcement: nothing per token.
  await expect(region).toHaveText('Answer finished: Skipped the fetch.');
  await page.getByRole('button', { name: 'Stop' }).click();
  await mock.waitForDisconnect(stopIndex);
  await waitForIdle(page);
  await expect(region).toHaveText('Run stopped.');
});
