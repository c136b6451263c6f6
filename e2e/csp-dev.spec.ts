/**
 * `npm run dev` runs under the built page's policy (as a header, with a nonce for the scripts Vite injects), so a
 * model's remote image or an inline script is blocked while developing as it is in production; the preview server
 * shows hosts the frame-ancestors header.
 */
import type { Page } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';
import { expect, test } from './fixtures';

async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

let dev: ViteDevServer;
let devUrl = '';

test.beforeAll(async () => {
  // Every lazily loaded module is an entry of the start-up scan, so no dependency found late reloads the page.
  dev = await createServer({
    server: { port: 0, host: '127.0.0.1', strictPort: false },
    optimizeDeps: { entries: ['index.html', 'src/**/*.worker.ts', 'src/**/*-worker.ts', 'src/mcp/runtime.ts'] },
    logLevel: 'error',
    clearScreen: false,
  });
  await dev.listen();
  const address = dev.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('dev server has no port');
  devUrl = `http://127.0.0.1:${address.port}/`;
});

test.afterAll(async () => {
  await dev.close();
});

test('the dev server sends the policy with a nonce, the app starts under it, and remote images and inline scripts are blocked', async ({ page }) => {
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
  await expect.poll(() => violations(page)).toEqual(
    expect.arrayContaining(['img-src https://images.example.invalid/pixel.png', 'script-src-elem inline']),
  );
  expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
});

test('the preview server refuses framing by header, and worker scripts get no page policy', async ({ request, baseURL }) => {
  const page = await request.get(`${baseURL}/`, { headers: { accept: 'text/html' } });
  expect(page.headers()['content-security-policy']).toBe("frame-ancestors 'none'");
  const html = await page.text();
  const script = /<script[^>]+src="([^"]+)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const js = await request.get(`${baseURL}${script}`, { headers: { accept: '*/*' } });
  expect(js.headers()['content-security-policy']).toBeUndefined();
});
