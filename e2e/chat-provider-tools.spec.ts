/** Tools the provider runs, and the sources it cites, shown on the assistant message in the chat (Responses API). */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

async function chooseResponses(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'API' }).selectOption({ label: 'Responses' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('a provider web search and its citations on the reply: status, duration, query, sources; only safe links', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await chooseResponses(page);
  mock.scriptResponses([
    {
      kind: 'responses',
      webSearch: { query: 'toolscope release notes', sources: ['https://example.com/notes'] },
      text: 'The notes say it shipped.',
      citations: [
        { url: 'https://example.com/notes', title: 'Release notes' },
        { url: 'javascript:alert(document.domain)', title: '<img src=x onerror="window.__pwned=1">Trap' },
      ],
      chunkDelayMs: 5,
    },
  ]);
  await sendMessage(page, 'what shipped?');
  await waitForIdle(page);

  const reply = assistantMessages(page).last();
  await expect(reply).toContainText('The notes say it shipped.');
  const card = reply.getByRole('group', { name: 'Run by the provider: web_search' });
  await expect(card).toHaveAttribute('data-run-by', 'provider');
  await expect(card).toContainText('Web search');
  await expect(card).toContainText('run by the provider');
  await expect(card).toContainText('completed');
  await expect(card).toContainText(/\d+ ms|\d+\.\d+ s/);
  await expect(card.getByLabel('Input')).toContainText('toolscope release notes');
  await expect(card.getByLabel('Output')).toContainText('https://example.com/notes');
  // Not one of the browser's own tool cards: no "Show in timeline" of a browser call, no approval.
  await expect(reply.getByRole('group', { name: /^Tool call / })).toHaveCount(0);

  const sources = reply.getByRole('region', { name: 'Sources' });
  const links = sources.getByRole('link');
  await expect(links).toHaveCount(1);
  await expect(links.first()).toHaveText('Release notes');
  await expect(links.first()).toHaveAttribute('href', 'https://example.com/notes');
  await expect(links.first()).toHaveAttribute('target', '_blank');
  await expect(links.first()).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  // The hostile one is text: its title shown literally, its address named, nothing run.
  await expect(sources).toContainText('<img src=x onerror="window.__pwned=1">Trap');
  await expect(sources).toContainText('(not a web address: javascript:alert(document.domain))');
  await expect(sources.locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  // Stored with the message: the same after a reload.
  await page.reload();
  const again = assistantMessages(page).last();
  await expect(again.getByRole('group', { name: 'Run by the provider: web_search' })).toContainText('completed');
  await expect(again.getByRole('region', { name: 'Sources' }).getByRole('link')).toHaveCount(1);
});

test('a provider tool shows in the streaming reply while it runs', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  await chooseResponses(page);
  // created, in_progress, then the search item added, in progress and searching: the stream holds there.
  mock.scriptResponses([{ kind: 'responses', webSearch: { query: 'slow search' }, text: 'never sent', hangAfter: 5 }]);
  await sendMessage(page, 'search slowly');
  const live = page.locator('article[aria-busy="true"]');
  const card = live.getByRole('group', { name: 'Run by the provider: web_search' });
  await expect(card).toBeVisible();
  await expect(card).not.toContainText('completed');
  await page.getByRole('button', { name: 'Stop' }).click();
  await mock.waitForDisconnect(0);
  await waitForIdle(page);
  await expect(page.getByText('never sent')).toHaveCount(0);
});

test('the OpenAI-messages export says what it leaves out before saving; Cancel saves nothing', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await chooseResponses(page);
  mock.scriptResponses([
    {
      kind: 'responses',
      reasoning: 'Look it up first.',
      webSearch: { query: 'toolscope', sources: ['https://example.com/t'] },
      text: 'Found it.',
      citations: [{ url: 'https://example.com/t', title: 'T' }],
    },
  ]);
  await sendMessage(page, 'find toolscope');
  await waitForIdle(page);

  let downloads = 0;
  page.on('download', () => {
    downloads += 1;
  });
  const openExport = async () => {
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'This session as OpenAI messages' }).click();
    const notice = page.getByRole('alertdialog', { name: 'Export as OpenAI messages' });
    await expect(notice).toBeVisible();
    return notice;
  };
  let notice = await openExport();
  await expect(notice).toHaveAccessibleDescription(
    /leaves out 1 reasoning item \(summaries and encrypted reasoning\), the reasoning text of 1 reply, 1 tool call the provider ran \(web_search ×1\) and 1 cited source/,
  );
  await expect(notice.getByRole('button', { name: 'Save anyway' })).toBeFocused();
  await notice.getByRole('button', { name: 'Cancel' }).click();
  await expect(notice).toHaveCount(0);
  expect(downloads).toBe(0);

  notice = await openExport();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    notice.getByRole('button', { name: 'Save anyway' }).click(),
  ]);
  const { readFileSync } = await import('node:fs');
  const file = JSON.parse(readFileSync(await download.path(), 'utf8')) as { role: string; content: unknown }[];
  expect(file.map((m) => m.role)).toEqual(['user', 'assistant']);
  expect(file[1]).toEqual({ role: 'assistant', content: 'Found it.' });
  await expect(page.getByRole('status').filter({ hasText: 'Exported 2 OpenAI messages' })).toContainText(
    'were left out',
  );
});
