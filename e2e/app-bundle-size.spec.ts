/**
 * architecture.md, "Speed targets": first load (JS and CSS) <= 150 KB gzip, and the sandbox runtime loads on first use.
 * Measured on what the browser really fetched to show the app until the network is quiet (the built files it asked
 * for, gzipped here), not on a guess from the build graph. The service worker is blocked in e2e, so its precache
 * is not counted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { test, expect } from '@playwright/test';
import { openApp } from './support/configured-app';
import { COMPILE_HINT } from '../build/compile-hints';

const DIST = process.env.E2E_DIST || 'dist';
const BUDGET_BYTES = 150 * 1024;

test('the first load fetches at most 150 KB of gzipped JS and CSS, each script with the compile hint, and no sandbox runtime', async ({
  page,
}) => {
  await openApp(page);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  const files = urls.map((u) => new URL(u).pathname).filter((p) => p.endsWith('.js') || p.endsWith('.css'));
  expect(files.filter((p) => p.endsWith('.js')).length).toBeGreaterThan(1);
  const sizes = files.map((p) => ({ path: p, gzip: gzipSync(readFileSync(join(DIST, p))).length }));
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  const line = `initial JS+CSS: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} files (budget ${BUDGET_BYTES / 1024} KB)`;
  console.log(`[bundle] ${line}`);
  // Which files, largest first: where to look when the budget is exceeded.
  for (const s of [...sizes].sort((a, b) => b.gzip - a.gzip))
    console.log(`[bundle]   ${(s.gzip / 1024).toFixed(1)} KB ${s.path}`);
  test.info().annotations.push({ type: 'initial-js', description: line });
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  // Every script the first load ran is compiled ahead by V8 (build/compile-hints.ts): a start-up chunk the build's
  // list missed would compile function by function on the main thread again.
  const unhinted = files.filter(
    (p) => p.endsWith('.js') && !readFileSync(join(DIST, p), 'utf8').startsWith(COMPILE_HINT),
  );
  expect(unhinted).toEqual([]);
  // QuickJS (WebAssembly) and its worker come with the first code tool, never with the page.
  expect(urls.filter((u) => /emscripten|quickjs|sandbox-worker|\.wasm/.test(u))).toEqual([]);
});

test("before the first contentful paint only index.html's own few KB of script are fetched: the stand-in paints from the page", async ({
  page,
}) => {
  // The links are in the built file itself: no task at start-up adds them (docs/speed-and-tests.md, "Start-up").
  const served = await (await page.request.get('/')).text();
  const linked = [...served.matchAll(/<link rel="modulepreload"[^>]* href="\.\/([^"]+)"/g)].map(
    (m) => `/${m[1] ?? ''}`,
  );
  // The one script tag: the classic script that chooses the stand-in the build wrote into the page, and asks for the
  // entry (its data-entry) once that is painted (build/static-stand-in.ts).
  const own = [...served.matchAll(/<script[^>]* src="\.\/([^"]+)"/g)].map((m) => `/${m[1] ?? ''}`);
  expect(own).toHaveLength(1);
  const entry = `/${served.match(/<script[^>]* data-entry="\.\/([^"]+)"/)?.[1] ?? ''}`;
  expect(entry).toMatch(/\.js$/);
  await openApp(page);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { paintedAt, scripts } = await page.evaluate(() => ({
    paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({ path: new URL(e.name).pathname, startedAt: e.startTime })),
  }));
  expect(paintedAt).not.toBeNull();
  const before = scripts.filter((s) => s.startedAt < (paintedAt ?? 0)).map((s) => s.path);
  const after = scripts.filter((s) => s.startedAt >= (paintedAt ?? 0)).map((s) => s.path);
  // The entry's own imports (the bundler's runtime) come from the head, not a round trip after the entry ...
  expect(linked.length).toBeGreaterThan(0);
  expect(before.sort()).toEqual([...own, ...linked].sort());
  // The entry (React, main.tsx) comes after that paint too: what paints first is the page and its stylesheet, with
  // a few KB of script at most (Lighthouse counts every request that ended before the LCP into it).
  expect(after).toContain(entry);
  const beforeBytes = before.reduce((sum, p) => sum + gzipSync(readFileSync(join(DIST, p))).length, 0);
  expect(beforeBytes).toBeLessThan(5 * 1024);
  // ... and start-up's chunks (Dexie, the schema, the stores, the screens) only once the stand-in is painted.
  expect(after.length).toBeGreaterThan(1);
  expect(after.filter((p) => linked.includes(p))).toEqual([]);
});
