/**
 * @bench (npm run bench:ui): the main thread during sync rounds of a 5,000-message session against a real WebDAV
 * (a private Apache with mod_dav), beside an export of the same data in the same run: the first sync, and an
 * incremental round after one new turn. CPU per main-thread task comes from a Chromium trace (on a shared machine
 * wall time mostly measures waiting for a core); the assertion is on CPU, wall figures and ratios are printed.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { exportVia } from './support/import-export';
import { traceMainThread, type MainThreadTask } from './support/main-thread-cpu';
import { closeSyncPanel, connectWebDav, syncNow, syncStatus } from './support/sync-panel';
import { apacheAvailable, startApacheDav } from '../src/sync/testing/apache-webdav';

if (!apacheAvailable())
  throw new Error(
    'The sync specs need Debian apache2 with mod_dav (/usr/sbin/apache2): sudo apt-get install -y apache2',
  );

const COUNT = 5000;

/**
 * A finished session of COUNT messages written with the page's IndexedDB, as earlier runs would have: questions of
 * ~330 characters and answers of ~650 (as bench/sync-rounds.ts), and every tenth answer with a tool call whose
 * result is ~2 KB.
 */
async function seed(page: Page): Promise<void> {
  await page.evaluate(async (count) => {
    const now = Date.now();
    const words = 'the quick brown fox jumps over the lazy dog and keeps running through the field '.repeat(4);
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('toolscope');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const tx = idb.transaction(['sessions', 'messages', 'toolCalls'], 'readwrite');
    const calls = Math.floor(count / 20);
    tx.objectStore('sessions').put({
      id: 'big',
      title: 'Five thousand',
      model: 'mock-gpt',
      status: 'finished',
      createdAt: now - count,
      updatedAt: now,
      messageCount: count,
      toolCallCount: calls,
      usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2, estimated: true },
      settings: {},
    });
    for (let i = 0; i < count; i++) {
      const base = { id: `big-m${i}`, sessionId: 'big', order: i, createdAt: now - count + i };
      const call =
        i % 20 === 1
          ? [{ id: `call-${i}`, name: 'fetch_page', arguments: JSON.stringify({ url: `https://example.com/${i}` }) }]
          : [];
      tx.objectStore('messages').put(
        i % 2 === 0
          ? { ...base, role: 'user', content: `${i}: ${words}` }
          : {
              ...base,
              role: 'assistant',
              content: `${i}: ${words}${words}`,
              reasoning: '',
              refusal: null,
              toolCalls: call,
              status: 'complete',
              runId: 'big-run',
              turn: i,
            },
      );
      for (const c of call) {
        tx.objectStore('toolCalls').put({
          id: c.id,
          sessionId: 'big',
          runId: 'big-run',
          turn: i,
          messageId: base.id,
          name: c.name,
          arguments: c.arguments,
          validation: 'ok',
          validationErrors: [],
          result: `${i}: ${words.repeat(6)}`,
          isError: false,
          status: 'ok',
          startedAt: now - count + i,
          finishedAt: now - count + i + 5,
          durationMs: 5,
          logs: [],
        });
      }
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    idb.close();
  }, COUNT);
}

type Phase = { ms: number; cpu: MainThreadTask[] };

/** Runs `act` traced; its wall time from the test's side, and the page's main-thread tasks meanwhile. */
async function phase(page: Page, act: () => Promise<void>): Promise<Phase> {
  let ms = 0;
  const cpu = await traceMainThread(page, async () => {
    const start = performance.now();
    await act();
    ms = performance.now() - start;
  });
  return { ms, cpu };
}

/** Main-thread tasks that used over 50 ms of CPU: the page's own long work, whatever the machine's load. */
const cpuLong = (p: Phase) => p.cpu.filter((t) => t.cpuMs > 50);

function describe(name: string, p: Phase, exported: Phase): string {
  const top = [...p.cpu].sort((a, b) => b.cpuMs - a.cpuMs)[0];
  const wallLong = p.cpu.filter((t) => t.wallMs > 50);
  return (
    `${name}: ${p.ms.toFixed(0)} ms, ${(p.ms / exported.ms).toFixed(2)}x the export; tasks over 50 ms of CPU: ${cpuLong(p).length} ` +
    `(most CPU in one task ${top === undefined ? 0 : Math.round(top.cpuMs)} ms${top === undefined ? '' : `, mostly ${top.mostly}`}); ` +
    `over 50 ms of wall time: ${wallLong.length} (longest ${Math.round(Math.max(0, ...wallLong.map((t) => t.wallMs)))} ms)`
  );
}

test('sync rounds of a 5,000-message session: no main-thread task over 50 ms of CPU, time as ratios to an export', {
  tag: '@bench',
}, async ({ browser, page, mock }) => {
  // Two first syncs of 5,000 messages on a shared, loaded machine.
  test.setTimeout(900_000);
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error('no baseURL');
  const dav = await startApacheDav({ corsOrigin: new URL(base).origin });
  try {
    await openConfiguredApp(page, mock);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const req = indexedDB.open('toolscope');
              req.onsuccess = () => {
                const ok = req.result.objectStoreNames.contains('syncChanges');
                req.result.close();
                resolve(ok);
              };
              req.onerror = () => resolve(false);
            }),
        ),
      )
      .toBe(true);
    await seed(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Five thousand', exact: true })).toBeVisible();

    let exportedChars = 0;
    const exported = await phase(page, async () => {
      exportedChars = (await exportVia(page, 'All sessions')).text.length;
    });
    expect(exportedChars).toBeGreaterThan(COUNT * 20);
    console.log(
      `[sync-bench] export of the same data (baseline): ${exported.ms.toFixed(0)} ms, ${(exportedChars / 1e6).toFixed(1)} MB`,
    );

    const first = await phase(page, async () => {
      await connectWebDav(page, dav, 'bench passphrase for sync');
      await expect(syncStatus(page)).toContainText('Synced:', { timeout: 240_000 });
    });

    console.log(`[sync-bench] ${describe(`first sync of ${COUNT} messages`, first, exported)}`);
    await closeSyncPanel(page);

    // A second device's first sync: everything read from the storage and written into its own tables.
    const other = await (await browser.newContext()).newPage();
    await openConfiguredApp(other, mock);
    const second = await phase(other, async () => {
      await connectWebDav(other, dav, 'bench passphrase for sync');
      await expect(syncStatus(other)).toContainText('Synced:', { timeout: 240_000 });
    });
    console.log(
      `[sync-bench] ${describe(`another device's first sync (receives the ${COUNT} messages)`, second, exported)}`,
    );
    await closeSyncPanel(other);
    await expect(other.getByRole('button', { name: 'Five thousand', exact: true })).toBeVisible();
    await other.context().close();
    await page.bringToFront();

    // One new turn (question, answer, run and its events; a new session: the big one is over the mock model's
    // context window), then a round that sends it.
    await page.getByRole('button', { name: 'New session', exact: true }).click();
    mock.script([{ kind: 'text', content: 'One more answer.' }]);
    await sendMessage(page, 'One more question');
    await waitForIdle(page);
    const incremental = await phase(page, async () => {
      await syncNow(page);
      await expect(syncStatus(page)).toContainText(/Synced: 0 received, [1-9]\d* sent/);
    });

    const lines = [
      describe(`first sync of ${COUNT} messages`, first, exported),
      describe(`another device's first sync (receives the ${COUNT} messages)`, second, exported),
      describe('incremental round (one new turn)', incremental, exported),
      `export of the same data (baseline): ${exported.ms.toFixed(0)} ms, ${(exportedChars / 1e6).toFixed(1)} MB`,
    ];
    for (const line of lines) {
      test.info().annotations.push({ type: 'sync-bench', description: line });
      console.log(`[sync-bench] ${line}`);
    }
    for (const [name, p] of [
      ['first sync', first],
      ["another device's first sync", second],
      ['incremental round', incremental],
    ] as const) {
      for (const t of cpuLong(p))
        console.log(
          `[sync-bench] ${name}: a task of ${Math.round(t.cpuMs)} ms CPU (${Math.round(t.wallMs)} ms wall), mostly ${t.mostly}`,
        );
    }
    // The page's own work, whatever the machine's load: crypto, compression and the big reads stay off the main
    // thread or in slices.
    for (const [name, p] of [
      ['first sync', first],
      ["another device's first sync", second],
      ['incremental round', incremental],
    ] as const) {
      const over = cpuLong(p).map((t) => `${Math.round(t.cpuMs)} ms of CPU, mostly ${t.mostly}`);
      expect(over, `${name}: main-thread tasks over 50 ms of CPU`).toEqual([]);
    }
  } finally {
    await dav.stop();
  }
});
