/**
 * Playwright `test` with a `mock` fixture: a fresh OpenAI-compatible test server on a random
 * 127.0.0.1 port for each test, closed afterwards. Point the app at `mock.url`.
 *
 * `context` and `page` come from a warm context (support/warm-context.ts): an empty profile for the app each test,
 * the browser's caches and tab kept. A test tagged `@fresh-browser`, or one that lets service workers run, gets a context of
 * its own as Playwright makes it.
 */
import { test as base, expect } from '@playwright/test';
import { startMockServer, type MockServer } from './server/mock-server';
import { attachFailureScreenshots, WarmContext } from './support/warm-context';
import { cpuLogPath, logTestCpu, treeCpuSeconds } from './support/cpu-probe';

export type { MockServer, Step } from './server/mock-server';

export const test = base.extend<
  { mock: MockServer; cpuProbe: void; strayContexts: void },
  { warmContexts: Map<string, WarmContext> }
>({
  // Playwright reads the fixture's dependencies from this destructuring, so it must stay a pattern.
  // eslint-disable-next-line no-empty-pattern
  mock: async ({}, use) => {
    const mock = await startMockServer({ port: 0 });
    await use(mock);
    await mock.close();
  },
  // E2E_CPU_LOG=file: each test's CPU, one JSON line (support/cpu-probe.ts). Teardown runs after the context's.
  cpuProbe: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const path = cpuLogPath();
      const before = path ? treeCpuSeconds() : 0;
      const started = Date.now();
      await use();
      if (path)
        logTestCpu(path, {
          file: testInfo.file.replace(/.*\/e2e\//, ''),
          title: testInfo.title,
          cpu: treeCpuSeconds() - before,
          wall: (Date.now() - started) / 1000,
        });
    },
    { auto: true },
  ],
  // A context a test opened with browser.newContext() and left open keeps its pages running (a sync device's
  // background rounds, a stream) into the next test of the worker: each is closed when its test ends. The worker's
  // warm contexts are the pool's to keep.
  strayContexts: [
    async ({ browser, warmContexts }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const warm = new Set([...warmContexts.values()].map((w) => w.context));
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c) && !warm.has(c))
          .map((c) => c.close().catch(() => undefined)),
      );
    },
    { auto: true },
  ],
  warmContexts: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const pool = new Map<string, WarmContext>();
      await use(pool);
      await Promise.all([...pool.values()].map((warm) => warm.close().catch(() => undefined)));
    },
    { scope: 'worker' },
  ],
  context: async (
    { browser, warmContexts, baseURL, viewport, hasTouch, isMobile, colorScheme, serviceWorkers },
    use,
    testInfo,
  ) => {
    if (serviceWorkers !== 'block' || testInfo.tags.includes('@fresh-browser')) {
      // Options come from the test's settings: Playwright fills them in for any context made during a test.
      const own = await browser.newContext();
      await use(own);
      if (testInfo.status !== testInfo.expectedStatus) await attachFailureScreenshots(own, testInfo);
      await own.close();
      return;
    }
    const key = JSON.stringify({ baseURL, viewport, hasTouch, isMobile, colorScheme });
    let warm = warmContexts.get(key);
    if (!warm) {
      warm = new WarmContext(await browser.newContext(), baseURL ? new URL(baseURL).origin : undefined);
      warmContexts.set(key, warm);
    }
    await use(warm.context);
    const failed = testInfo.status !== testInfo.expectedStatus;
    if (failed) await attachFailureScreenshots(warm.context, testInfo);
    if (failed || warm.spent) {
      warmContexts.delete(key);
      await warm.close().catch(() => undefined);
      return;
    }
    // A wipe that fails (a page that would not close) costs the context, not the next test's clean start.
    await warm.wipe().catch(async () => {
      warmContexts.delete(key);
      await warm.close().catch(() => undefined);
    });
  },
  page: async ({ context, warmContexts }, use) => {
    const warm = [...warmContexts.values()].find((w) => w.context === context);
    await use(warm ? await warm.page() : await context.newPage());
  },
});

export { expect };
