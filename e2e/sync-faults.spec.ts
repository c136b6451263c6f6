/**
 * Storage that fails in the middle of a sync round. Each device talks to the real storage (Debian's Apache with
 * mod_dav; s3rver) through its own fault proxy (src/sync/testing/fault-proxy.ts, a real HTTP server on a free
 * loopback port) that forwards everything, CORS preflights included, and answers 500 or 503 to a chosen request.
 * A fault is set before the changes it is meant for are made and holds until cleared, so a background round
 * (every 30 s, on focus) meets it the same way as the one "Sync now" starts: nothing here waits on a time.
 * What a failed request does to a round: docs/architecture.md ("Sync and backup").
 */
import type { Browser, Page } from '@playwright/test';
import { test, expect, type MockServer } from './fixtures';
import { sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { sessionItems } from './support/session-list';
import { closeSyncPanel, connectS3, connectWebDav, syncNow, syncStatus } from './support/sync-panel';
import {
  davVia,
  literal,
  pendingFact,
  roundMeetsFault,
  segmentsOf,
  syncedRecords,
  syncState,
} from './support/sync-faults';
import { apacheAvailable, startApacheDav } from '../src/sync/testing/apache-webdav';
import { startFaultProxy, type FaultProxy, type Injected } from '../src/sync/testing/fault-proxy';
import { filesUnder } from '../src/sync/testing/files-under';
import { startS3rver } from '../src/sync/testing/s3rver-server';

const PASSPHRASE = 'correct horse battery staple';
const KEY = { accessKeyId: 'AKIDE2EFAULTS', secretAccessKey: 'e2e-faults-secret-canary', region: 'us-east-1' };

// A missing Apache fails the suite with the fix named instead of skipping it: .ci/run installs it.
if (!apacheAvailable())
  throw new Error(
    'The sync specs need Debian apache2 with mod_dav (/usr/sbin/apache2): sudo apt-get install -y apache2',
  );

function origin(): string {
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error('no baseURL');
  return new URL(base).origin;
}

async function device(browser: Browser, mock: MockServer): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openConfiguredApp(page, mock);
  return page;
}

async function rename(page: Page, from: string, to: string): Promise<void> {
  await page.getByRole('button', { name: `Rename ${from}`, exact: true }).click();
  await page.getByRole('textbox', { name: 'Session title' }).fill(to);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: to, exact: true })).toBeVisible();
}

/** The sentence the sync panel shows for a request the storage answered with an error. */
function told(hit: Injected, bucketOrFolder: string): string {
  const path = hit.path.slice(bucketOrFolder.length);
  const reason = hit.status === 503 ? 'Service Unavailable' : 'Internal Server Error';
  return `The storage answered ${hit.method} ${path} with HTTP ${hit.status} ${reason}. That is a fault on the storage’s side and often passes; if it stays, check the storage.`;
}

/**
 * The same sentence for any segment number: a held fault on segments meets a background round that ran after the
 * one that was waited for, and that round may fail on another segment of the same device.
 */
function toldForSomeSegment(hit: Injected, bucketOrFolder: string): RegExp {
  return new RegExp(literal(told(hit, bucketOrFolder)).replace(/seg-\d+/, 'seg-\\d+'));
}

/** A's first sync with one session, then B's: both devices have real history before anything fails. */
async function twoSyncedDevices(
  browser: Browser,
  mock: MockServer,
  connect: (p: Page, proxy: FaultProxy) => Promise<void>,
  proxies: [FaultProxy, FaultProxy],
) {
  const a = await device(browser, mock);
  mock.script([{ kind: 'text', content: 'Answer written on A.' }]);
  await sendMessage(a, 'Question asked on A');
  await waitForIdle(a);
  await connect(a, proxies[0]);
  await expect(syncStatus(a)).toContainText('Synced:', { timeout: 20_000 });
  await closeSyncPanel(a);
  const b = await device(browser, mock);
  await connect(b, proxies[1]);
  await expect(syncStatus(b)).toContainText('Synced:', { timeout: 20_000 });
  await closeSyncPanel(b);
  await expect(sessionItems(b).filter({ hasText: 'Question asked on A' })).toHaveCount(1);
  return { a, b, idA: (await syncState(a)).deviceId, idB: (await syncState(b)).deviceId };
}

/** A renames its session and continues it: changes that must reach B whatever fails on the way. */
async function changesOnA(a: Page, mock: MockServer): Promise<void> {
  await rename(a, 'Question asked on A', 'Renamed on A');
  mock.script([{ kind: 'text', content: 'Second answer on A.' }]);
  await sendMessage(a, 'Follow-up asked on A');
  await waitForIdle(a);
}

/**
 * "Sync now", and the device's changes are on the storage. Not "this round sent them": a background round (every 30 s,
 * on focus) may have sent them a moment before, and on a loaded machine one often does.
 */
async function sentEverything(page: Page): Promise<void> {
  await syncNow(page);
  await expect(syncStatus(page)).toContainText('Synced:');
  await expect(pendingFact(page)).toHaveText('nothing');
  expect((await syncState(page)).outbox).toEqual([]);
}

/** B starts a session (one round, one segment) and renames it (another round, another segment). */
async function twoSegmentsFromB(b: Page, mock: MockServer): Promise<void> {
  await b.getByRole('button', { name: 'New session', exact: true }).click();
  mock.script([{ kind: 'text', content: 'Answer on B.' }]);
  await sendMessage(b, 'Asked on B');
  await waitForIdle(b);
  await sentEverything(b);
  await closeSyncPanel(b);
  await rename(b, 'Asked on B', 'Renamed on B');
  await sentEverything(b);
  await closeSyncPanel(b);
}

/** The outbox still holds A's changes, and the panel says they wait and counts them. */
async function expectOutboxKept(a: Page, kept: unknown[]): Promise<void> {
  const { outbox } = await syncState(a);
  expect(outbox).toEqual(expect.arrayContaining(kept));
  await expect(syncStatus(a)).toContainText(
    `Sync stopped. Nothing is lost: ${outbox.length} changes wait on this device for the next round (Sync now, or on its own within 30 s).`,
  );
  await expect(pendingFact(a)).toHaveText(`${outbox.length} changes`);
}

/** The round after the faults: A sends everything, B receives it, and both hold the same sessions and messages. */
async function nextRoundsAgree(a: Page, b: Page): Promise<void> {
  await sentEverything(a);
  await syncNow(b);
  await expect(syncStatus(b)).toContainText('Synced:');
  await syncNow(a);
  await closeSyncPanel(a);
  await closeSyncPanel(b);
  for (const p of [a, b]) {
    await expect(p.getByRole('button', { name: 'Renamed on A', exact: true })).toBeVisible();
    await expect(p.getByRole('button', { name: 'Renamed on B', exact: true })).toBeVisible();
  }
  await b.getByRole('button', { name: 'Renamed on A', exact: true }).click();
  await expect(
    b.getByRole('article', { name: 'Your message' }).filter({ hasText: 'Follow-up asked on A' }),
  ).toHaveCount(1);
  expect(await syncedRecords(a)).toEqual(await syncedRecords(b));
}

test('WebDAV answers 503 and 500 in the middle of rounds: the panel names the answer, the outbox survives, the next round completes and both devices agree', async ({
  browser,
  mock,
}) => {
  // Two devices, two first syncs and seven rounds: more than the default budget on a loaded machine (as sync-webdav).
  test.setTimeout(180_000);
  const dav = await startApacheDav({ corsOrigin: origin() });
  const target = new URL(dav.url);
  const proxies: [FaultProxy, FaultProxy] = [
    await startFaultProxy(target.origin),
    await startFaultProxy(target.origin),
  ];
  const [proxyA] = proxies;
  try {
    const { a, b, idA, idB } = await twoSyncedDevices(
      browser,
      mock,
      (p, proxy) => connectWebDav(p, davVia(dav, proxy), PASSPHRASE),
      proxies,
    );
    const folder = target.pathname;
    const ownSegs = segmentsOf(folder, idA);
    const bSegs = segmentsOf(folder, idB);
    const ownFiles = () => filesUnder(dav.root).filter((f) => f.path.startsWith(`/devices/${idA}/`));

    // PUT of A's segment, refused with 503 before the storage saw it: nothing written, the changes wait.
    const put = proxyA.fail({ method: 'PUT', path: ownSegs, status: 503 });
    await changesOnA(a, mock);
    const before = ownFiles();
    const putHit = await roundMeetsFault(a, put);
    await expect(syncStatus(a)).toContainText(told(putHit, folder));
    const kept = (await syncState(a)).outbox;
    expect(JSON.stringify(kept)).toContain('Renamed on A');
    expect(JSON.stringify(kept)).toContain('Follow-up asked on A');
    await expectOutboxKept(a, kept);
    expect(ownFiles()).toEqual(before);

    // PROPFIND of B's folder (after the one of devices/ went through): 503. Meanwhile B writes two segments.
    proxyA.clear();
    const propfind = proxyA.fail({
      method: 'PROPFIND',
      path: new RegExp(`^${literal(folder)}devices/${idB}/$`),
      status: 503,
    });
    const propfindHit = await roundMeetsFault(a, propfind);
    await expect(syncStatus(a)).toContainText(told(propfindHit, folder));
    await expectOutboxKept(a, kept);
    await twoSegmentsFromB(b, mock);

    // GET of B's second new segment, after the first was read: 503, and nothing of either is applied.
    proxyA.clear();
    const get = proxyA.fail({ method: 'GET', path: bSegs, nth: 2, status: 503 });
    const getHit = await roundMeetsFault(a, get);
    await expect(syncStatus(a)).toContainText(toldForSomeSegment(getHit, folder));
    expect(proxyA.seen().some((s) => s.method === 'GET' && bSegs.test(s.path) && s.status === 200 && !s.injected)).toBe(
      true,
    );
    await expectOutboxKept(a, kept);
    await closeSyncPanel(a);
    await expect(sessionItems(a).filter({ hasText: /on B/ })).toHaveCount(0);

    // HEAD before A's PUT: 500. B's segments are read and applied; A's own changes still wait.
    proxyA.clear();
    const head = proxyA.fail({ method: 'HEAD', path: ownSegs, status: 500 });
    const headHit = await roundMeetsFault(a, head);
    await expect(syncStatus(a)).toContainText(told(headHit, folder));
    await expectOutboxKept(a, kept);
    await closeSyncPanel(a);
    await expect(a.getByRole('button', { name: 'Renamed on B', exact: true })).toBeVisible();
    expect(ownFiles()).toEqual(before);

    // The PUT lands but its answer is lost (503 after the storage wrote it): the device cannot know, so it keeps the
    // changes; the next round finds the segment whole, skips its number and sends them again (merging is idempotent).
    proxyA.clear();
    const lost = proxyA.fail({ method: 'PUT', path: ownSegs, status: 503, mode: 'after' });
    const lostHit = await roundMeetsFault(a, lost);
    await expect(syncStatus(a)).toContainText(toldForSomeSegment(lostHit, folder));
    await expectOutboxKept(a, kept);
    expect(ownFiles().map((f) => f.path)).toContain(lostHit.path.slice(folder.length - 1));

    proxyA.clear();
    await nextRoundsAgree(a, b);
    // Everything else went through the proxy as it came, the browser's CORS preflights too.
    expect(proxyA.seen().some((s) => s.method === 'OPTIONS' && s.status < 300 && !s.injected)).toBe(true);
  } finally {
    for (const p of proxies) await p.close();
    await dav.stop();
  }
});

test('an S3 bucket answers 503 to a PUT and 500 to a GET in the middle of rounds: named, nothing lost, the next round completes and both devices agree', async ({
  browser,
  mock,
}) => {
  test.setTimeout(180_000);
  const s3 = await startS3rver({ ...KEY, buckets: ['toolscope'], corsOrigin: origin() });
  const proxies: [FaultProxy, FaultProxy] = [await startFaultProxy(s3.endpoint), await startFaultProxy(s3.endpoint)];
  const [proxyA] = proxies;
  try {
    const bucket = '/toolscope/';
    const { a, b, idA, idB } = await twoSyncedDevices(
      browser,
      mock,
      (p, proxy) => connectS3(p, { ...KEY, bucketUrl: `${proxy.origin}/toolscope` }, PASSPHRASE),
      proxies,
    );
    const ownSegs = segmentsOf(bucket, idA);
    const ownObjects = () => s3.files().filter((f) => f.path.includes(`/toolscope/devices/${idA}/`));

    const put = proxyA.fail({ method: 'PUT', path: ownSegs, status: 503 });
    await changesOnA(a, mock);
    const before = ownObjects();
    const putHit = await roundMeetsFault(a, put);
    await expect(syncStatus(a)).toContainText(told(putHit, bucket));
    const kept = (await syncState(a)).outbox;
    expect(JSON.stringify(kept)).toContain('Renamed on A');
    await expectOutboxKept(a, kept);
    expect(ownObjects()).toEqual(before);

    // Set before B writes, so no round of A reads B's segments early; the PUT fault stays, so no round of A sends
    // its changes before B's segments are there to fail on.
    const get = proxyA.fail({ method: 'GET', path: segmentsOf(bucket, idB), status: 500 });
    await twoSegmentsFromB(b, mock);
    const getHit = await roundMeetsFault(a, get);
    await expect(syncStatus(a)).toContainText(told(getHit, bucket));
    await expectOutboxKept(a, kept);
    await closeSyncPanel(a);
    await expect(sessionItems(a).filter({ hasText: /on B/ })).toHaveCount(0);

    proxyA.clear();
    await nextRoundsAgree(a, b);
  } finally {
    for (const p of proxies) await p.close();
    await s3.close();
  }
});
