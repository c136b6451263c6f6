import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle, expandToolCard } from './support/chat-run';
import { openApp } from './support/configured-app';

test('first minute with a local server and no key: nothing 404s, the model is picked, Save and Send work, the demo tool call succeeds', async ({
  page,
  mock,
}) => {
  const missing: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404) missing.push(r.url());
  });
  await openApp(page);
  await page.waitForLoadState('networkidle');
  expect(missing).toEqual([]);
  // A headed browser asks for /favicon.ico when the page names no icon (a 404 in the dev server's log); headless
  // Chromium does not ask, so check that the page names one and that it is served.
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).not.toBeNull();
  const iconResponse = await page.request.get(new URL(icon ?? '', page.url()).toString());
  expect(iconResponse.status()).toBe(200);
  // A raster icon: Chromium draws an SVG one as a whole SVG document on the page's main thread, a long task in the
  // middle of start-up (speed-and-tests.md, "Start-up").
  const png = await iconResponse.body();
  expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  expect(await page.locator('link[rel="icon"]').getAttribute('sizes')).toBe(
    `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`,
  );

  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(mock.url);
  await expect(dialog.getByRole('textbox', { name: 'API key' })).toHaveValue('');
  // The endpoint's first listed model, without picking it by hand.
  await expect(dialog.getByRole('textbox', { name: 'Model' })).toHaveValue('mock-gpt');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await sendMessage(page, 'Please use tools: current_time');
  await expect(assistantMessages(page).last()).toContainText('The tools answered');
  await waitForIdle(page);
  const card = page.getByRole('group', { name: 'Tool call current_time' });
  await expect(card.locator('.status')).toHaveText('ok');
  await expandToolCard(card);
  await expect(card.getByLabel('Result', { exact: true })).toContainText('UTC');

  expect(mock.requests.length).toBeGreaterThan(0);
  expect(mock.allRequests.filter((r) => r.headers.authorization !== undefined).map((r) => r.path)).toEqual([]);
  expect(missing).toEqual([]);
});
