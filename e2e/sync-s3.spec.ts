/**
 * Sync through an S3-compatible bucket from the browser: s3rver (an independent S3 server, `@20minutes/s3rver`) on a
 * free loopback port with the bucket's CORS rules allowing the test origin, started and stopped by the test. The
 * page signs every request itself (SigV4); s3rver checks the signatures. Two browser contexts are two devices.
 * Device A also backs up to a folder: the browser's folder picker (a native dialog no test can drive) is replaced
 * by one that hands the app a real folder of the origin-private file system; device B has no picker at all, as in
 * Firefox and Safari.
 */
import type { Browser, Page } from '@playwright/test';
import { test, expect, type MockServer } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp, TEST_KEY } from './support/configured-app';
import { sessionItems } from './support/session-list';
import { closeSyncPanel, connectS3, openSyncPanel, syncDialog, syncNow, syncStatus } from './support/sync-panel';
import { startS3rver } from '../src/sync/testing/s3rver-server';

const PASSPHRASE = 'correct horse battery staple';
const KEY = { accessKeyId: 'AKIDE2ES3RVER', secretAccessKey: 'e2e-s3rver-secret-canary', region: 'us-east-1' };
const FOLDER = 'Sync folder';
const FILE = 'toolscope-backup.json';

/** A device whose "folder picker" gives a folder of the origin-private file system (`withPicker`), or none at all. */
async function device(browser: Browser, mock: MockServer, withPicker: boolean): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(
    ([folder, picker]) => {
      const w = window as unknown as Record<string, unknown>;
      if (!picker) {
        delete w.showDirectoryPicker;
        delete (Window.prototype as unknown as Record<string, unknown>).showDirectoryPicker;
        return;
      }
      w.pickedFolders = 0;
      w.showDirectoryPicker = async () => {
        w.pickedFolders = Number(w.pickedFolders) + 1;
        return (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
      };
    },
    [FOLDER, withPicker] as const,
  );
  const page = await context.newPage();
  await openConfiguredApp(page, mock);
  return page;
}

/** The backup file in device A's folder, as its text. */
function folderFile(page: Page): Promise<string> {
  return page.evaluate(
    async ([folder, file]) => {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder);
      return (await (await dir.getFileHandle(file)).getFile()).text();
    },
    [FOLDER, FILE] as const,
  );
}

const createdAt = (text: string) => (JSON.parse(text) as { createdAt: number }).createdAt;

test('two devices through an S3-compatible bucket; a folder backup written on demand and after a round, restored on a browser without folders', async ({
  browser,
  mock,
}) => {
  // Two devices, two first syncs, a restore: more than the default budget on a loaded machine (as sync-webdav).
  test.setTimeout(120_000);
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error('no baseURL');
  const origin = new URL(base).origin;
  const s3 = await startS3rver({ ...KEY, buckets: ['toolscope'], corsOrigin: origin, bucketsWithoutCors: ['no-cors'] });
  try {
    const s3Config = { ...KEY, bucketUrl: `${s3.endpoint}/toolscope` };
    const a = await device(browser, mock, true);
    mock.script([{ kind: 'text', content: 'Answer written on A.' }]);
    await sendMessage(a, 'Question asked on A');
    await waitForIdle(a);
    await connectS3(a, s3Config, PASSPHRASE);
    await expect(syncStatus(a)).toContainText('Synced:', { timeout: 20_000 });

    // On demand: the first click picks the folder and writes the sealed backup there.
    await syncDialog(a).getByRole('button', { name: 'Back up to folder', exact: true }).click();
    await expect(syncStatus(a)).toContainText(`Backed up to the folder “${FOLDER}”.`);
    await expect(syncStatus(a)).toContainText(`“${FOLDER}”, last written`);
    const first = await folderFile(a);
    for (const canary of [TEST_KEY, 'Question asked on A', PASSPHRASE, KEY.secretAccessKey])
      expect(first).not.toContain(canary);

    // After a round that moved something the folder's file is written again, without asking for the folder.
    await closeSyncPanel(a);
    await a.getByRole('button', { name: 'Rename Question asked on A', exact: true }).click();
    await a.getByRole('textbox', { name: 'Session title' }).fill('Renamed on A');
    await a.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(a.getByRole('button', { name: 'Renamed on A', exact: true })).toBeVisible();
    await syncNow(a);
    await expect(syncStatus(a)).toContainText('Synced:');
    const second = await folderFile(a);
    expect(createdAt(second)).toBeGreaterThan(createdAt(first));
    expect(await a.evaluate(() => (window as unknown as { pickedFolders: number }).pickedFolders)).toBe(1);

    // B's browser cannot pick folders: no button. It restores the file the folder got (a sync tool would carry it).
    const b = await device(browser, mock, false);
    await openSyncPanel(b);
    await expect(syncDialog(b).getByRole('button', { name: 'Back up to folder', exact: true })).toHaveCount(0);
    // A bucket whose CORS rules do not list this page: the status says so and shows the rules to add.
    await connectS3(b, { ...s3Config, bucketUrl: `${s3.endpoint}/no-cors` }, PASSPHRASE);
    await expect(syncStatus(b)).toContainText('refused this page (CORS)', { timeout: 20_000 });
    await expect(syncStatus(b)).toContainText(
      new RegExp(`"AllowedOrigins":\\s*\\[\\s*"${origin.replace(/[.]/g, '\\.')}"`),
    );
    await expect(syncStatus(b)).toHaveAttribute('aria-busy', 'false');
    const chooser = b.waitForEvent('filechooser');
    await syncDialog(b).getByRole('button', { name: 'Restore from file' }).click();
    await (await chooser).setFiles({ name: FILE, mimeType: 'application/json', buffer: Buffer.from(first) });
    await expect(syncStatus(b)).toContainText('Restored');
    await closeSyncPanel(b);
    await expect(sessionItems(b).filter({ hasText: 'Question asked on A' })).toHaveCount(1);

    // Through the bucket, B gets what A did after that backup: the rename.
    await connectS3(b, s3Config, PASSPHRASE);
    await expect(syncStatus(b)).toContainText('Synced:', { timeout: 20_000 });
    await closeSyncPanel(b);
    const item = sessionItems(b).filter({ hasText: 'Renamed on A' });
    await expect(item).toHaveCount(1);
    await item.getByRole('button', { name: 'Renamed on A', exact: true }).click();
    await expect(assistantMessages(b).last()).toContainText('Answer written on A.');

    const files = s3.files();
    expect(files.filter((f) => f.path.startsWith('/no-cors/')).map((f) => f.path)).toEqual([]);
    expect(files.some((f) => f.path.endsWith('/toolscope/vault.json._S3rver_object'))).toBe(true);
    expect(files.some((f) => /\/devices\/[0-9a-f]+\/seg-\d{9}\._S3rver_object$/.test(f.path))).toBe(true);
    for (const f of files) {
      for (const canary of [
        TEST_KEY,
        'Question asked on A',
        'Answer written on A',
        'Renamed on A',
        PASSPHRASE,
        KEY.secretAccessKey,
      ])
        expect(f.text, f.path).not.toContain(canary);
    }
  } finally {
    await s3.close();
  }
});
