/**
 * Any static host, and no network: the built app served from a sub-path by a plain static host (started here),
 * then, once the service worker has stored it, started again with that host gone.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { configureSettings } from './support/configured-app';
import { recordViolations, violations } from './support/csp-violations';
import { newSession, sessionItems } from './support/session-list';
import { startStaticHost, type StaticHost } from './support/static-host';
import { createCodeTool, openToolsTab, tryIt } from './support/tools-tab';

// The config blocks service workers for every other spec (each context would precache every chunk); this spec is
// about the service worker.
test.use({ serviceWorkers: 'allow' });

const DIST = process.env.E2E_DIST || 'dist';

/** The service worker has stored this build and is in charge of the next load. */
async function waitForOfflineReady(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.active?.state ?? 'none')))
    .toBe('activated');
}

let host: StaticHost | null = null;
test.afterEach(async () => {
  await host?.close();
  host = null;
});

test('served under a sub-path, the page and its lazily loaded parts (views, workers, sandbox) load from there', async ({
  page,
  mock,
}) => {
  host = await startStaticHost(DIST, '/any/sub/path/');
  const outside: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.origin === new URL(host!.url).origin && !u.pathname.startsWith('/any/sub/path/')) outside.push(u.pathname);
  });
  await recordViolations(page);
  await page.goto(host.url);
  await configureSettings(page, mock);
  mock.script([{ kind: 'text', content: 'Hello from a sub-path.' }]);
  await sendMessage(page, 'hi');
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('Hello from a sub-path.');

  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.locator('[data-bar-id]').first()).toBeVisible();
  await openToolsTab(page);
  await createCodeTool(page, {
    name: 'add_one',
    code: 'return args.n + 1;',
    parameters: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
  });
  expect(await tryIt(page, { n: 41 })).toEqual({ ok: true, text: '42' });

  const served = host.served.join('\n');
  expect(served).toMatch(/assets\/timeline-view-[\w-]+\.js/);
  expect(served).toMatch(/assets\/sandbox-worker-[\w-]+\.js/);
  expect(served).toMatch(/assets\/[\w.-]+\.wasm/);
  expect(outside).toEqual([]);
  expect(await violations(page)).toEqual([]);
});

test('offline: after one visit, the app starts with its host gone, every stored session opens, and a request that cannot be sent says so', async ({
  page,
  mock,
}) => {
  host = await startStaticHost(DIST, '/toolscope/');
  await page.goto(host.url);
  await configureSettings(page, mock);
  mock.script([
    { kind: 'text', content: 'First answer.' },
    { kind: 'text', content: 'Second answer.' },
    { kind: 'text', content: 'Answered without the host.' },
  ]);
  await sendMessage(page, 'first question');
  await waitForIdle(page);
  await newSession(page);
  await sendMessage(page, 'second question');
  await waitForIdle(page);
  await waitForOfflineReady(page);

  await host.close();
  host = null;
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Chat' })).toBeVisible();
  await expect(sessionItems(page)).toHaveCount(2);
  for (const [question, answer] of [
    ['first question', 'First answer.'],
    ['second question', 'Second answer.'],
  ] as const) {
    await sessionItems(page).getByRole('button', { name: question, exact: true }).click();
    await expect(page.getByRole('article', { name: 'Your message' })).toContainText(question);
    await expect(assistantMessages(page).last()).toContainText(answer);
  }

  // Parts never loaded on the first visit come from what the service worker stored.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.locator('[data-bar-id]').first()).toBeVisible();
  await openToolsTab(page);
  await createCodeTool(page, {
    name: 'offline_sum',
    code: 'return args.a + args.b;',
    parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
  });
  expect(await tryIt(page, { a: 2, b: 3 })).toEqual({ ok: true, text: '5' });

  // A model endpoint that is still reachable (here the local test server) keeps working without the host.
  await page.getByRole('tab', { name: 'Chat' }).click();
  await configureSettings(page, mock);
  await sendMessage(page, 'still there?');
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('Answered without the host.');

  // No network at all: the request cannot be made, and the alert says so in those words.
  await page.context().setOffline(true);
  await sendMessage(page, 'and now?');
  await waitForIdle(page);
  await expect(page.getByRole('alert').filter({ hasText: 'the request to the model could not be sent' })).toContainText(
    'You are offline: the request to the model could not be sent',
  );
  await page.context().setOffline(false);
});
