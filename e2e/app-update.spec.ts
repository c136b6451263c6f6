/**
 * A new version of the app is offered, never forced: a page in the middle of a run keeps running when another
 * tab moves to the new version, and offers "Reload to update" once the run is over.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { configureSettings } from './support/configured-app';
import { startStaticHost, type StaticHost } from './support/static-host';

// The config blocks service workers for every other spec (each context would precache every chunk); this spec is
// about the service worker.
test.use({ serviceWorkers: 'allow' });

const DIST = process.env.E2E_DIST || 'dist';

const workerState = (page: Page) =>
  page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.active?.state ?? 'none'));

let host: StaticHost | null = null;
test.afterEach(async () => {
  await host?.close();
  host = null;
});

test('an update announced while a run is going does not reload the page; Reload to update waits for the run to end', async ({
  page,
  mock,
}) => {
  host = await startStaticHost(DIST, '/');
  await page.goto(host.url);
  // The first install precaches the whole app (about 14 MB with the tokenizers and the sandbox's wasm) before it
  // activates: on a busy machine that takes longer than the default wait for a state.
  await expect.poll(() => workerState(page), { timeout: 45_000 }).toBe('activated');
  // From now on this page is served by the service worker, as a returning visitor's would be.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await configureSettings(page, mock);

  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  mock.script([
    async () => {
      await held;
      return { kind: 'text', content: 'Finished on the old page.' };
    },
  ]);
  await sendMessage(page, 'a long job');
  await expect(page.locator('section.chat')).toHaveAttribute('data-run-state', 'running');
  // Survives only as long as this document does: a reload would drop it.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  // The host publishes a new version; another tab opening the app finds it, and moves to it.
  host.replace('sw.js', `${readFileSync(join(DIST, 'sw.js'), 'utf8')}\n// the next version\n`);
  const other = await page.context().newPage();
  await other.goto(host.url);
  const reloadOther = other.getByRole('button', { name: 'Reload to update' });
  // Offered once the new version has installed, which precaches the app again (see the first wait).
  await expect(reloadOther).toBeEnabled({ timeout: 45_000 });
  const reloadHere = page.getByRole('button', { name: 'Reload to update' });
  await expect(reloadHere).toBeDisabled();
  await expect(page.getByText('Available when the run ends.')).toBeVisible();
  await Promise.all([other.waitForEvent('load'), reloadOther.click()]);
  await expect(other.getByRole('tab', { name: 'Chat' })).toBeVisible();
  await expect(reloadOther).toHaveCount(0);

  // The running page now has the new worker in charge, and is still the same document, still running.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  await expect(page.locator('section.chat')).toHaveAttribute('data-run-state', 'running');
  release();
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('Finished on the old page.');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // Once the run is over the person may reload, and the page comes back without the offer.
  await expect(reloadHere).toBeEnabled();
  await Promise.all([page.waitForEvent('load'), reloadHere.click()]);
  await expect(page.getByRole('tab', { name: 'Chat' })).toBeVisible();
  await expect(reloadHere).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
});

/** What the page looked like each time it asked for the service worker (recorded by an init script). */
type Registration = { standIn: boolean; shellDrawn: boolean };
const registrations = (page: Page) =>
  page.evaluate(() => (window as unknown as { registrations?: Registration[] }).registrations ?? []);

test('the service worker is asked for only once start-up is over, on a first visit and on a reload it serves', async ({
  page,
}) => {
  host = await startStaticHost(DIST, '/');
  // Precaching every file beside start-up made each start-up task longer on a busy machine (speed-and-tests.md,
  // "Start-up"): the page asks for the worker only after the real shell replaced the stand-in.
  await page.addInitScript(() => {
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (
      this: ServiceWorkerContainer,
      ...args: Parameters<typeof register>
    ) {
      const w = window as unknown as { registrations?: Registration[] };
      (w.registrations ??= []).push({
        standIn: document.querySelector('[aria-busy="true"]') !== null,
        shellDrawn: document.querySelector('.settings-button:not([aria-hidden])') !== null,
      });
      return register.apply(this, args);
    };
  });
  await page.goto(host.url);
  await expect(page.getByRole('button', { name: 'Settings', exact: true })).toBeVisible();
  await expect.poll(() => workerState(page), { timeout: 45_000 }).toBe('activated');
  expect(await registrations(page)).toEqual([{ standIn: false, shellDrawn: true }]);

  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => registrations(page)).toEqual([{ standIn: false, shellDrawn: true }]);
  await expect(page.getByRole('button', { name: 'Settings', exact: true })).toBeEnabled();
});
