/**
 * The MCP layer in real Chromium, under the page's Content-Security-Policy, against both test MCP servers over
 * real sockets: what the Node tests can only emulate (CORS, the no-cors reachability probe, the SDK's browser
 * code paths). No UI uses the layer yet, so the page (served by Vite's dev server, as csp-dev.spec.ts does) loads
 * src/mcp/runtime.ts itself, as the app will on first connect.
 */
import type { Page } from '@playwright/test';
import { startEverythingServer, type EverythingMcpServer } from './mcp-servers/everything-server';
import { startModernMcpServer, type ModernMcpServer } from './mcp-servers/modern-server';
import { expect, test } from './fixtures';
import { startDevServer, type DevServer } from './support/dev-server';

type Runtime = typeof import('../src/mcp/runtime');
type Outcome = {
  status: string;
  era?: string;
  revision?: string;
  failure?: { kind: string; gap?: unknown; message: string };
  echo?: string;
};

let dev: DevServer;
let devUrl = '';
let modern: ModernMcpServer;
let legacy: EverythingMcpServer;
const SECRET = 'mcp-browser-secret-93c1';

// One dev server for this file's tests: they run in one worker, in order (playwright.config.ts spreads tests otherwise).
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  // The page imports the runtime by a path the scanner cannot see from index.html: it is named as an entry, and
  // the client pre-bundled up front.
  dev = await startDevServer(['src/mcp/runtime.ts'], ['@modelcontextprotocol/client']);
  devUrl = dev.url;
  [modern, legacy] = await Promise.all([startModernMcpServer(), startEverythingServer()]);
});

test.afterAll(async () => {
  await Promise.all([dev.server.close(), modern.close(), legacy.close()]);
});

/** Connects from the page (its origin differs from the servers': CORS applies) and, when connected, calls a tool. */
function connectFromPage(
  page: Page,
  url: string,
  headers: Record<string, string> = {},
  tool?: { name: string; args: Record<string, unknown> },
): Promise<Outcome> {
  return page.evaluate(
    async ({ url, headers, tool }) => {
      const path = '/src/mcp/runtime.ts';
      const mcp = (await import(/* @vite-ignore */ path)) as Runtime;
      const result = await mcp.connectMcpServer({ url, headers });
      if (result.status !== 'connected')
        return { status: result.status, ...(result.status === 'failed' ? { failure: result.failure } : {}) };
      let echo: string | undefined;
      if (tool !== undefined) {
        const r = await result.connection.callTool(tool.name, tool.args, {
          signal: new AbortController().signal,
          timeoutMs: 10_000,
        });
        echo = JSON.stringify(r.content);
      }
      await result.connection.close();
      return {
        status: result.status,
        era: result.server.era,
        revision: result.server.protocolRevision,
        ...(echo !== undefined ? { echo } : {}),
      };
    },
    { url, headers, tool },
  );
}

test('connects to both generations from a page, and tells CORS, unreachable and not-MCP apart', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  await page.goto(devUrl);
  await expect(page.getByRole('button', { name: 'Settings', exact: true })).toBeVisible({ timeout: 60_000 });

  expect(await connectFromPage(page, modern.url, {}, { name: 'echo', args: { text: 'from the page' } })).toMatchObject({
    status: 'connected',
    era: 'modern',
    revision: '2026-07-28',
    echo: expect.stringContaining('echo: from the page'),
  });
  expect(await connectFromPage(page, legacy.url, {}, { name: 'echo', args: { message: 'legacy' } })).toMatchObject({
    status: 'connected',
    era: 'legacy',
    revision: '2025-11-25',
    echo: expect.stringContaining('legacy'),
  });

  modern.setCors('none');
  expect(await connectFromPage(page, modern.url)).toMatchObject({
    status: 'failed',
    failure: { kind: 'cors', gap: { kind: 'allow-origin' } },
  });
  modern.setCors('no-mcp-headers');
  expect(await connectFromPage(page, modern.url)).toMatchObject({
    status: 'failed',
    failure: { kind: 'cors', gap: { kind: 'allow-headers' } },
  });
  modern.setCors('full');
  legacy.setCors('no-expose');
  expect(await connectFromPage(page, legacy.url)).toMatchObject({
    status: 'failed',
    failure: { kind: 'cors', gap: { kind: 'expose-headers', headers: ['mcp-session-id'] } },
  });
  legacy.setCors('full');

  // A port nothing listens on (the modern server's, once closed).
  const gone = await startModernMcpServer();
  const goneUrl = gone.url;
  await gone.close();
  expect(await connectFromPage(page, goneUrl)).toMatchObject({ status: 'failed', failure: { kind: 'unreachable' } });
  expect(await connectFromPage(page, `${modern.origin}/nothing-here`)).toMatchObject({
    status: 'failed',
    failure: { kind: 'not-an-mcp-endpoint', status: 404 },
  });
  // The client runs under the page's policy (no eval): nothing it does is refused.
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});

test('a secret header reaches its server from the page, and no other', async ({ page }) => {
  test.setTimeout(120_000);
  const guarded = await startModernMcpServer({ requireHeader: { name: 'x-api-key', value: SECRET } });
  try {
    await page.goto(devUrl);
    await expect(page.getByRole('button', { name: 'Settings', exact: true })).toBeVisible({ timeout: 60_000 });
    expect(await connectFromPage(page, guarded.url)).toMatchObject({ status: 'needs-sign-in' });
    const before = legacy.recorder.requests.length;
    expect(
      await connectFromPage(page, guarded.url, { 'X-Api-Key': SECRET }, { name: 'echo', args: { text: 'k' } }),
    ).toMatchObject({ status: 'connected' });
    expect(
      guarded.recorder.requests
        .filter((r) => r.method === 'POST')
        .every((r) => r.headers['x-api-key'] === undefined || r.headers['x-api-key'] === SECRET),
    ).toBe(true);
    expect(guarded.recorder.requests.some((r) => r.headers['x-api-key'] === SECRET)).toBe(true);
    // Redirected elsewhere, the connection stops at the redirect; the other server never hears of the secret.
    const away = await connectFromPage(page, `${guarded.origin}/redirect-away?to=${encodeURIComponent(legacy.url)}`, {
      'X-Api-Key': SECRET,
    });
    expect(away.status).toBe('failed');
    expect(legacy.recorder.requests.slice(before).some((r) => JSON.stringify(r.headers).includes(SECRET))).toBe(false);
  } finally {
    await guarded.close();
  }
});
