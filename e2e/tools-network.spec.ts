/**
 * Tools that go to the network, run by hand through "Try it" (the same executor the agent uses) against the mock
 * server over real sockets: a CORS refusal and a network error must say which one happened and what to do, and
 * a code tool reaches the network only for the origins it declares, never with the page's cookies.
 */
import net from 'node:net';
import { expect, test } from './fixtures';
import { openApp } from './support/configured-app';
import { createCodeTool, createHttpTool, openToolsTab, toolsPanel, tryIt } from './support/tools-tab';

const noParams = { type: 'object', properties: {} };

/** A port nothing listens on: bound by the OS, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

function expectCorsRefusal(text: string, origin: string): void {
  expect(text).toContain(
    `${origin} answered, but the browser refused to hand the response to this page: a CORS refusal.`,
  );
  expect(text).toMatch(/Access-Control-Allow-Origin/);
  expect(text).toMatch(/CORS-enabled endpoint/);
  expect(text).toMatch(/proxy you control/);
  expect(text).not.toMatch(/could not be reached/);
}

function expectNetworkError(text: string, origin: string): void {
  expect(text).toMatch(new RegExp(`^Network error: ${origin.replace(/[.]/g, '\\.')} could not be reached`));
  expect(text).toMatch(/Check the URL and that the server is running/);
  expect(text).not.toMatch(/CORS/);
}

test('an HTTP tool and fetch_url tell a CORS refusal from a network error, and say what the user can do', async ({
  page,
  mock,
}) => {
  const down = `http://127.0.0.1:${await closedPort()}`;
  await openApp(page);
  await openToolsTab(page);

  await createHttpTool(page, { name: 'no_cors_api', urlTemplate: `${mock.origin}/tools/nocors`, parameters: noParams });
  const refused = await tryIt(page, {});
  expect(refused.ok).toBe(false);
  expectCorsRefusal(refused.text, mock.origin);
  // The server did answer: the browser, not the network, kept the response from the tool.
  expect(mock.allRequests.some((r) => r.path === '/tools/nocors' && r.method === 'GET')).toBe(true);

  await createHttpTool(page, { name: 'down_api', urlTemplate: `${down}/items`, parameters: noParams });
  const unreachable = await tryIt(page, {});
  expect(unreachable.ok).toBe(false);
  expectNetworkError(unreachable.text, down);

  await page.getByRole('list', { name: 'Tool list' }).getByRole('button', { name: 'fetch_url' }).click();
  // fetch_url stays off this machine and the local network (the mock server is on 127.0.0.1) unless the tool allows it.
  const privateRefused = await tryIt(page, { url: `${mock.origin}/tools/echo?via=fetch_url_private` });
  expect(privateRefused.ok).toBe(false);
  expect(privateRefused.text).toMatch(
    /^Refused: 127\.0\.0\.1:\d+ is loopback \(127\.0\.0\.0\/8\)\. fetch_url does not reach this machine or the local network unless its "Allow private addresses" option is on/,
  );
  await expect(toolsPanel(page).getByRole('region', { name: 'Result' })).toContainText(
    'Refused: the request was blocked',
  );
  expect(mock.allRequests.filter((r) => r.query.via === 'fetch_url_private')).toEqual([]);
  await toolsPanel(page).getByRole('checkbox', { name: 'Allow private addresses' }).check();
  await toolsPanel(page).getByRole('button', { name: 'Save' }).click();
  await expect(toolsPanel(page).getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  const fetchRefused = await tryIt(page, { url: `${mock.origin}/tools/nocors?via=fetch_url` });
  expect(fetchRefused.ok).toBe(false);
  expectCorsRefusal(fetchRefused.text, mock.origin);
  const fetchDown = await tryIt(page, { url: `${down}/page` });
  expect(fetchDown.ok).toBe(false);
  expectNetworkError(fetchDown.text, down);
});

test('a code tool fetches only from its allowed origins, without the page cookies', async ({ page, mock }) => {
  await openApp(page);
  // Cookies are per host, not per port: this one would go to the mock server with any credentialed request.
  await page.evaluate(() => {
    document.cookie = 'toolscope_session=cookie-value; path=/';
  });
  // document.cookie returns before the browser's cookie store has the cookie: read the store until it does.
  await expect
    .poll(async () => (await page.context().cookies(mock.origin)).map((c) => c.name))
    .toContain('toolscope_session');
  await openToolsTab(page);

  const code = (from: string) =>
    `const res = await fetch("${mock.origin}/tools/echo?from=${from}"); return { status: res.status, echo: await res.json() };`;
  await createCodeTool(page, { name: 'allowed_fetch', code: code('allowed'), allowedOrigins: [mock.origin] });
  const allowed = await tryIt(page, {});
  expect(allowed.ok, allowed.text).toBe(true);
  const value = JSON.parse(allowed.text) as {
    status: number;
    echo: { query: Record<string, string>; headers: Record<string, string> };
  };
  expect(value.status).toBe(200);
  expect(value.echo.query).toEqual({ from: 'allowed' });
  expect(value.echo.headers).not.toHaveProperty('cookie');
  const reached = mock.allRequests.filter((r) => r.path === '/tools/echo' && r.query.from === 'allowed');
  expect(reached).toHaveLength(1);
  expect(reached[0]?.headers).not.toHaveProperty('cookie');

  await createCodeTool(page, { name: 'refused_fetch', code: code('refused') });
  const refused = await tryIt(page, {});
  expect(refused.ok).toBe(false);
  expect(refused.text).toMatch(/fetch.* is not defined[\s\S]*no network access/);
  expect(mock.allRequests.filter((r) => r.path === '/tools/echo' && r.query.from === 'refused')).toEqual([]);

  // An HTTP tool omits credentials too.
  await createHttpTool(page, {
    name: 'echo_http',
    urlTemplate: `${mock.origin}/tools/echo?from=http`,
    parameters: noParams,
  });
  expect((await tryIt(page, {})).ok).toBe(true);
  const http = mock.allRequests.filter((r) => r.path === '/tools/echo' && r.query.from === 'http');
  expect(http).toHaveLength(1);
  expect(http[0]?.headers).not.toHaveProperty('cookie');
});
