/**
 * An API that answers with a 5 MB body on one line, from a real server on 127.0.0.1: an HTTP tool and fetch_url
 * keep only what they give back (64 KB, with the marker) and never hold the whole answer on the page.
 */
import { expect, test } from './fixtures';
import { openApp } from './support/configured-app';
import { keptBytes, runTry, createHttpTool, openToolsTab, toolsPanel } from './support/tools-tab';
import { LONGEST_TASK_LIMIT_MS, longestTask, watchLongTasks } from './support/long-tasks';
import { startServer, type TestServer } from './support/recording-server';

const BODY_BYTES = 5 * 1024 * 1024;
const LIMIT = 64 * 1024;
let api: TestServer;

test.beforeEach(async () => {
  api = await startServer((req, res) => {
    if (!req.url?.startsWith('/endless'))
      return void res.writeHead(200, { 'content-type': 'text/plain' }).end('z'.repeat(BODY_BYTES));
    // One line that never ends: the tool must stop reading on its own, not wait for the end or its timeout.
    res.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = 'w'.repeat(64 * 1024);
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  });
});
test.afterEach(() => api.close());

test('a 5 MB one-line body: the HTTP tool and fetch_url give back 64 KB with the marker', async ({ page }) => {
  await openApp(page);
  await openToolsTab(page);
  await createHttpTool(page, {
    name: 'big_body',
    urlTemplate: `${api.origin}/big`,
    parameters: { type: 'object', properties: {} },
  });
  await watchLongTasks(page);
  const http = await runTry(page, {});
  expect(http.headline).toBe('OK');
  expect(http.text).toBe(`${'z'.repeat(LIMIT)}\n…[output truncated: ${BODY_BYTES - LIMIT} bytes omitted]`);
  // Asked for JSON, got 5 MB: said in the log rather than parsed on the page.
  await expect(http.result.getByRole('region', { name: 'Logs' })).toContainText(
    'The response is over 1 MB, so it is cut as text rather than read as JSON.',
  );

  await page.getByRole('list', { name: 'Tool list' }).getByRole('button', { name: 'fetch_url' }).click();
  await toolsPanel(page).getByRole('checkbox', { name: 'Allow private addresses' }).check();
  await toolsPanel(page).getByRole('button', { name: 'Save' }).click();
  await expect(toolsPanel(page).getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  const fetched = await runTry(page, { url: `${api.origin}/big?via=fetch_url` });
  expect(fetched.headline).toBe('OK');
  expect(keptBytes(fetched.text)).toBe(LIMIT);
  expect(fetched.text).toMatch(/\n…\[output truncated: \d+ bytes omitted\]$/);
  expect(api.seen.filter((r) => r.method === 'GET')).toHaveLength(2);
  expect(await longestTask(page, '5 MB one-line body')).toBeLessThan(LONGEST_TASK_LIMIT_MS);
});

test('a body that never ends: the HTTP tool stops reading and says at least how much it left out', async ({ page }) => {
  await openApp(page);
  await openToolsTab(page);
  await createHttpTool(page, {
    name: 'endless_body',
    urlTemplate: `${api.origin}/endless`,
    parameters: { type: 'object', properties: {} },
  });
  await watchLongTasks(page);
  const { headline, text } = await runTry(page, {});
  expect(headline).toBe('OK');
  expect(text).toMatch(new RegExp(`^w{${LIMIT}}\\n…\\[output truncated: at least \\d+ bytes omitted\\]$`));
  expect(await longestTask(page, 'endless body')).toBeLessThan(LONGEST_TASK_LIMIT_MS);
});
