/**
 * An API that answers a request carrying a secret header with a 307 to another origin (another port on
 * 127.0.0.1). The browser would re-send X-Api-Key there; the HTTP tool refuses the redirect instead, and the
 * other server sees nothing at all.
 */
import { expect, test } from './fixtures';
import { openApp } from './support/configured-app';
import { LONGEST_TASK_LIMIT_MS, longestTask, watchLongTasks } from './support/long-tasks';
import { runTry, openToolsTab, toolsPanel } from './support/tools-tab';
import { startServer, type TestServer } from './support/recording-server';

const SECRET = 'redirect-secret-41c9';
let api: TestServer;
let elsewhere: TestServer;

test.beforeEach(async () => {
  elsewhere = await startServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"stolen": true}'),
  );
  api = await startServer((_req, res) => res.writeHead(307, { location: `${elsewhere.origin}/collect` }).end());
});
test.afterEach(async () => {
  await api.close();
  await elsewhere.close();
});

test('a 307 to another origin from an HTTP tool with a secret header is refused, and the secret never leaves its origin', async ({
  page,
}) => {
  await openApp(page);
  await openToolsTab(page);
  const panel = toolsPanel(page);
  await panel.getByRole('button', { name: 'New tool' }).click();
  await panel.getByRole('textbox', { name: 'Tool name' }).fill('keyed_api');
  await panel.getByRole('textbox', { name: 'Description' }).fill('Reads the keyed API');
  await panel.getByRole('combobox', { name: 'Kind' }).selectOption('http');
  await panel.getByRole('textbox', { name: 'URL template' }).fill(`${api.origin}/data`);
  const headers = panel.getByRole('group', { name: 'Headers' });
  await headers.getByRole('button', { name: 'Add header' }).click();
  await headers.getByRole('textbox', { name: 'Header 1 name' }).fill('X-Api-Key');
  await headers.getByRole('checkbox', { name: 'Secret' }).check();
  await headers.getByLabel('Header 1 secret value').fill(SECRET);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('heading', { name: 'Try it' })).toBeVisible();

  await watchLongTasks(page);
  const { headline, text } = await runTry(page, {});
  expect(headline).toBe('Refused: the request was blocked');
  expect(text).toBe(
    `Refused: ${api.origin} answered with a redirect, and the browser does not let a page see where a redirect points, so the tool ` +
      `cannot check that it stays on ${api.origin}. HTTP tools do not follow redirects they cannot check (the tool's headers, ` +
      'secrets included, would go along). Put the final address in the URL template.',
  );
  // The tool's own origin got the request with its secret; the other origin got nothing, not even a preflight.
  expect(api.seen.filter((r) => r.method === 'GET').map((r) => r.headers['x-api-key'])).toEqual([SECRET]);
  expect(elsewhere.seen).toEqual([]);
  expect(await longestTask(page, '307 to another origin')).toBeLessThan(LONGEST_TASK_LIMIT_MS);
});
