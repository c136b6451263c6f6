/**
 * @bench (npm run bench:ui): the main thread during sync rounds of a 5,000-message session against a real WebDAV
 * (a private Apache with mod_dav): the long tasks (over 50 ms, PerformanceObserver "longtask") of the first sync
 * and of an incremental round after one rename. Figures only; times are never asserted.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openApp } from './support/configured-app';
import { connectWebDav, closeSyncPanel, syncNow, syncStatus } from './support/sync-panel';
import { apacheAvailable, startApacheDav } from '../src/sync/testing/apache-webdav';

if (!apacheAvailable()) throw new Error('The sync specs need Debian apache2 with mod_dav (/usr/sbin/apache2): sudo apt-get install -y apache2');

const COUNT = 5000;

/** A finished session of COUNT messages written with the page's IndexedDB, as earlier runs would have. */
async function seed(page: Page): Promise<void> {
  await page.evaluate(async (count) => {
    const now = Date.now();
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('toolscope');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const tx = idb.transaction(['sessions', 'messages'], 'readwrite');
    tx.objectStore('sessions').put({
      id: 'big', title: 'Five thousand', model: 'mock-gpt', status: 'finished', createdAt: now - count, updatedAt: now, messageCount: count, toolCallCount: 0,
      usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2, estimated: true }, settings: {},
    });
    for (let i = 0; i < count; i++) {
      const base = { id: `big-m${i}`, sessionId: 'big', order: i, createdAt: now - count + i };
      tx.objectStore('messages').put(i % 2 === 0 ? { ...base, role: 'user', content: `Question number ${i}` } : { ...base, role: 'assistant', content: `Answer ${i}: ${'lorem ipsum dolor sit amet '.repeat(1 + (i % 7))}`, reasoning: '', refusal: null, toolCalls: [], status: 'complete', runId: 'big-run', turn: i });
    }
    await new Promise<void>((resolve, reject) => { tx.oncomplete = () => resolve(); tx.onerror = () => reject(tx.error); });
    idb.close();
  }, COUNT);
}

/** Starts collecting long tasks in the page; the returned function gives those since, in ms. */
async function watchLongTasks(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
  });
  return () => page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.splice(0));
}

const describe = (tasks: number[]) => `${tasks.length} long tasks, longest ${Math.max(0, ...tasks).toFixed(0)} ms`;

test('sync rounds of a 5,000-message session: long tasks on the main thread', { tag: '@bench' }, async ({ page }) => {
  test.setTimeout(240_000);
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error('no baseURL');
  const dav = await startApacheDav({ corsOrigin: new URL(base).origin });
  try {
    await openApp(page);
    await expect.poll(() => page.evaluate(() => new Promise<boolean>((resolve) => {
      const req = indexedDB.open('toolscope');
      req.onsuccess = () => { const ok = req.result.objectStoreNames.contains('syncChanges'); req.result.close(); resolve(ok); };
      req.onerror = () => resolve(false);
    }))).toBe(true);
    await seed(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Five thousand', exact: true })).toBeVisible();
    const taken = await watchLongTasks(page);

    await connectWebDav(page, dav, 'bench passphrase for sync');
    await expect(syncStatus(page)).toContainText('Synced:', { timeout: 180_000 });
    const first = await taken();

    await closeSyncPanel(page);
    await page.getByRole('button', { name: 'Rename Five thousand', exact: true }).click();
    await page.getByRole('textbox', { name: 'Session title' }).fill('Five thousand and one');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await taken();
    await syncNow(page);
    await expect(syncStatus(page)).toContainText('1 sent');
    const incremental = await taken();

    const line = `first sync of ${COUNT} messages: ${describe(first)}; incremental round (one rename): ${describe(incremental)}`;
    test.info().annotations.push({ type: 'sync-long-tasks', description: line });
    console.log(`[sync-bench] ${line}`);
  } finally {
    await dav.stop();
  }
});
