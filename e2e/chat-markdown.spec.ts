import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

const HOSTILE = [
  '# Title',
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'img\'">',
  '',
  "[click](javascript:window.__pwned='link')",
  '',
  '<a href="https://example.com" onclick="window.__pwned=\'click\'">site</a>',
  '<div style="position:fixed;inset:0">overlay</div>',
  '<iframe src="https://example.com"></iframe>',
  '',
  '> a quoted line',
  '',
  '- [x] shipped',
  '- [ ] tested',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | ~~2~~ |',
  '',
  '```python',
  'print("<b>not bold</b>")',
  '```',
].join('\n');

test('model output is rendered as sanitized Markdown; code blocks copy their text', async ({ page, mock, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: HOSTILE, chunks: 25 }]);
  await sendMessage(page, 'render this');
  await expect(assistantMessages(page).last()).toHaveAttribute('data-status', 'complete');
  await waitForIdle(page);
  const msg = assistantMessages(page).last();
  await expect(msg.getByRole('heading', { name: 'Title' })).toBeVisible();
  await expect(msg.locator('table del')).toHaveText('2');
  // A quote looks like one (the browser's default is only an indent).
  expect(
    await msg.locator('blockquote').evaluate((el) => parseFloat(getComputedStyle(el).borderLeftWidth)),
  ).toBeGreaterThan(0);
  // Task items keep their state once sanitized (the sanitizer drops <input>).
  await expect(msg.getByRole('listitem').filter({ hasText: 'shipped' }).getByRole('img')).toHaveAccessibleName('done');
  await expect(msg.getByRole('listitem').filter({ hasText: 'tested' }).getByRole('img')).toHaveAccessibleName(
    'not done',
  );
  const html = await msg.locator('.markdown').innerHTML();
  expect(html).not.toMatch(/<script|<iframe|onerror|onclick|style=/i);
  expect(await msg.locator('a[href^="javascript"]').count()).toBe(0);
  await expect(msg.getByRole('link', { name: 'site' })).toHaveAttribute('rel', /noopener/);
  await msg.getByText('click', { exact: true }).click();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();

  await msg.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(msg.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('print("<b>not bold</b>")');
});
