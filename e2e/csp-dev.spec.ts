/**
 * `npm run dev` runs under the built page's policy (as a header, with a nonce for the scripts Vite injects), so a
 * model's remote image or an inline script is blocked while developing as it is in production; the preview server
 * shows hosts the frame-ancestors header.
 */
import { expect, test } from './fixtures';
import { recordViolations, violations } from './support/csp-violations';
import { startDevServer, type DevServer } from './support/dev-server';

let dev: DevServer;
let devUrl = '';

// One dev server for this file's tests: they run in one worker, in order (playwright.config.ts spreads tests otherwise).
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  // Every lazily loaded module is an entry of the start-up scan, so no dependency found late reloads the page.
  dev = await startDevServer(['src/**/*.worker.ts', 'src/**/*-worker.ts', 'src/mcp/runtime.ts']);
  devUrl = dev.url;
});

test.afterAll(async () => {
  await dev.server.close();
});

test('the dev server sends the policy with a nonce, the app starts under it, and remote images and inline scripts are blocked', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await recordViolations(page);
  const response = await page.goto(devUrl);
  const policy = (await response?.headerValue('content-security-policy')) ?? '';
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(nonce, policy).toBeTruthy();
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).not.toContain("'unsafe-eval'");
  expect(policy).toContain("frame-ancestors 'none'");
  // React Refresh's inline preamble carries the nonce, so the app mounts.
  await expect(page.getByRole('button', { name: 'Settings', exact: true })).toBeVisible({ timeout: 60_000 });
  expect(await violations(page)).toEqual([]);

  await page.evaluate(() => {
    const img = document.createElement('img');
    img.src = 'https://images.example.invalid/pixel.png';
    document.body.append(img);
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.body.append(script);
  });
  await expect
    .poll(() => violations(page))
    .toEqual(expect.arrayContaining(['img-src https://images.example.invalid/pixel.png', 'script-src-elem inline']));
  expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
});

test('the preview server refuses framing by header, and worker scripts get no page policy', async ({
  request,
  baseURL,
}) => {
  const page = await request.get(`${baseURL}/`, { headers: { accept: 'text/html' } });
  expect(page.headers()['content-security-policy']).toBe("frame-ancestors 'none'");
  const html = await page.text();
  const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const js = await request.get(new URL(script ?? '', `${baseURL}/`).href, { headers: { accept: '*/*' } });
  expect(js.headers()['content-security-policy']).toBeUndefined();
});
