/**
 * A code tool run by the model that floods its log: the sandbox keeps 64 KB of it and ends the log with an entry
 * saying how many entries it dropped. The chat's tool card says so as Try it does, in the same words, under the
 * paged log (no "Show more" needed), and its count says how many were kept of how many logged; a reload keeps both.
 */
import { expect, test } from './fixtures';
import { openConfiguredApp } from './support/configured-app';
import { sendMessage, toolCard, waitForIdle, expandToolCard } from './support/chat-run';
import { readSession } from './support/stored-rows';

const MARKER = '[warn] …[99344 more log entries dropped: the log is limited to 64 KB]';

test('a js_eval call that logs 100,000 lines: the card says the log was cut, and the reload keeps it', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  mock.script([
    // 100-byte lines: 655 fit in 64 KB, the 656th is cut, the other 99,344 are counted.
    {
      kind: 'tool_calls',
      calls: [
        {
          id: 'call_flood',
          name: 'js_eval',
          arguments: {
            expression:
              "for (let i = 0; i < 100000; i++) console.log('line ' + String(i).padStart(6, '0') + ' ' + 'x'.repeat(88)); 'done'",
          },
        },
      ],
    },
    { kind: 'text', content: 'Flood read.' },
  ]);
  await sendMessage(page, 'flood the log');
  await waitForIdle(page);

  const expectCut = async () => {
    const card = toolCard(page, 'call_flood');
    await expandToolCard(card);
    const summary = card.locator('.tool-card-logs > summary');
    await expect(summary).toHaveText('Logs (656 of 100,000 kept)');
    await summary.click();
    // The log is longer than a page: the marker shows without "Show more", where the first page ends.
    await expect(card.getByRole('button', { name: 'Show more' })).toBeVisible();
    await expect(card.getByLabel('Log cut')).toBeVisible();
    await expect(card.getByLabel('Log cut')).toHaveText(MARKER);
    await expect(card.getByLabel('Logs', { exact: true })).not.toContainText('more log entries dropped');
  };
  await expectCut();

  const sessionId = await page
    .locator('nav[aria-label="Sessions"] li[data-current="true"]')
    .getAttribute('data-session-id');
  expect(sessionId).not.toBeNull();
  const row = (await readSession(page, sessionId ?? '')).toolCalls.find((r) => r.id === 'call_flood');
  const logs = (row?.logs ?? []) as { level: string; text: string }[];
  expect(logs).toHaveLength(657);
  expect(`[${logs[656]?.level}] ${logs[656]?.text}`).toBe(MARKER);
  expect(logs[655]?.text).toMatch(/\n…\[output truncated: \d+ bytes omitted\]$/);

  await page.reload();
  await expectCut();
});
