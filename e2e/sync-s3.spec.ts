/**
 * Sync through an S3-compatible bucket from the browser: s3rver (an independent S3 server, `@20minutes/s3rver`) on a
 * free loopback port with the bucket's CORS rules allowing the test origin, started and stopped by the test. The
 * page signs every request itself (SigV4); s3rver checks the signatures. Two browser contexts are two devices.
 */
import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp, TEST_KEY } from './support/configured-app';
import { sessionItems } from './support/session-list';
import { closeSyncPanel, connectS3, syncDialog, syncStatus } from './support/sync-panel';
import { startS3rver } from '../src/sync/testing/s3rver-server';

const PASSPHRASE = 'correct horse battery staple';
const KEY = { accessKeyId: 'AKIDE2ES3RVER', secretAccessKey: 'e2e-s3rver-secret-canary', region: 'us-east-1' };

test('two devices: a session made on one appears on the other through an S3-compatible bucket', async ({ browser, mock }) => {
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error('no baseURL');
  const s3 = await startS3rver({ ...KEY, buckets: ['toolscope'], corsOrigin: new URL(base).origin, bucketsWithoutCors: ['no-cors'] });
  try {
    const s3Config = { ...KEY, bucketUrl: `${s3.endpoint}/toolscope` };
    const a = await (await browser.newContext()).newPage();
    await openConfiguredApp(a, mock);
    mock.script([{ kind: 'text', content: 'Answer written on A.' }]);
    await sendMessage(a, 'Question asked on A');
    await waitForIdle(a);
    await connectS3(a, s3Config, PASSPHRASE);
    await expect(syncStatus(a)).toContainText('Synced:', { timeout: 20_000 });

    const b = await (await browser.newContext()).newPage();
    await openConfiguredApp(b, mock);
    // A bucket whose CORS rules do not list this page: the status says so and shows the rules to add.
    await connectS3(b, { ...s3Config, bucketUrl: `${s3.endpoint}/no-cors` }, PASSPHRASE);
    await expect(syncStatus(b)).toContainText('refused this page (CORS)', { timeout: 20_000 });
    await expect(syncStatus(b)).toContainText(new RegExp(`"AllowedOrigins":\\s*\\[\\s*"${new URL(base).origin.replace(/[.]/g, '\\.')}"`));
    await expect(syncStatus(b)).toHaveAttribute('aria-busy', 'false');
    await syncDialog(b).getByRole('textbox', { name: 'Bucket URL', exact: true }).fill(s3Config.bucketUrl);
    await syncDialog(b).getByRole('button', { name: 'Connect storage' }).click();
    await expect(syncStatus(b)).toContainText('Synced:', { timeout: 20_000 });
    await closeSyncPanel(b);
    const item = sessionItems(b).filter({ hasText: 'Question asked on A' });
    await expect(item).toHaveCount(1);
    await item.getByRole('button', { name: 'Question asked on A', exact: true }).click();
    await expect(assistantMessages(b).last()).toContainText('Answer written on A.');

    const files = s3.files();
    expect(files.filter((f) => f.path.startsWith('/no-cors/')).map((f) => f.path)).toEqual([]);
    expect(files.some((f) => f.path.endsWith('/toolscope/vault.json._S3rver_object'))).toBe(true);
    expect(files.some((f) => /\/devices\/[0-9a-f]+\/seg-\d{9}\._S3rver_object$/.test(f.path))).toBe(true);
    for (const f of files) {
      for (const canary of [TEST_KEY, 'Question asked on A', 'Answer written on A', PASSPHRASE, KEY.secretAccessKey]) expect(f.text, f.path).not.toContain(canary);
    }
  } finally {
    await s3.close();
  }
});
