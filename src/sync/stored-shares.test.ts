import { afterEach, describe, expect, it } from 'vitest';
import { freshDB } from '../db/testing/fresh-db';
import { MemoryBlobStore } from './memory-store';
import { putSharedObject, SHARES_FOLDER } from './shared-object';
import { S3BlobStore } from './s3-store';
import { saveStorageConfig, type StorageConfig } from './storage-config';
import {
  readStoredShares,
  recordStoredShare,
  STORED_SHARES_SETTING,
  stopSharing,
  StopSharingError,
  type StopSharingErrorKind,
} from './stored-shares';
import { startS3Fake, type S3Fake } from './testing/s3-fake';

const dav: StorageConfig = { kind: 'webdav', url: 'https://dav.example.net/vault/', username: 'u', password: 'p' };
const share = (path: string, storage = dav.kind === 'webdav' ? dav.url : '') => ({
  id: path.slice(SHARES_FOLDER.length),
  sessionId: 's1',
  storage,
  path,
  createdAt: 10,
  toolResults: true,
});

async function failsAs(work: Promise<unknown>, kind: StopSharingErrorKind): Promise<void> {
  const e = await work.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(StopSharingError);
  expect((e as StopSharingError).kind).toBe(kind);
  expect((e as StopSharingError).message).toMatch(/^[A-Z].*\.$/);
}

let fake: S3Fake | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

describe('stop sharing a link put on the sync storage', () => {
  it('removes the object from the storage and marks the record, keeping other shares; twice is fine', async () => {
    const { db } = freshDB('stop-sharing');
    const store = new MemoryBlobStore();
    await saveStorageConfig(db, dav);
    const a = await putSharedObject(dav, new Uint8Array([1]), store);
    const b = await putSharedObject(dav, new Uint8Array([2]), store);
    await recordStoredShare(db, share(a.path));
    await recordStoredShare(db, share(b.path));

    const removed = await stopSharing(db, share(a.path).id, { store, now: 99 });
    expect(removed.removedAt).toBe(99);
    expect(await store.list(SHARES_FOLDER)).toEqual([b.path]);
    const records = await readStoredShares(db);
    expect(records.find((r) => r.path === a.path)?.removedAt).toBe(99);
    expect(records.find((r) => r.path === b.path)?.removedAt).toBeUndefined();
    // The record never holds a key: only where the sealed bytes were.
    expect(Object.keys(records[0]!).sort()).toEqual([
      'createdAt',
      'id',
      'path',
      'removedAt',
      'sessionId',
      'storage',
      'toolResults',
    ]);

    const calls = store.calls.delete;
    expect((await stopSharing(db, share(a.path).id, { store })).removedAt).toBe(99);
    expect(store.calls.delete).toBe(calls);
  });

  it('refuses with a sentence, and changes nothing, when the storage is not the one the share is on or does not remove it', async () => {
    const { db } = freshDB('stop-sharing-refused');
    const store = new MemoryBlobStore();
    const put = await putSharedObject(dav, new Uint8Array([1]), store);
    await recordStoredShare(db, share(put.path));
    const id = share(put.path).id;

    await failsAs(stopSharing(db, id, { store }), 'no-storage');
    await saveStorageConfig(db, { ...dav, url: 'https://other.example.net/dav/' });
    await failsAs(stopSharing(db, id, { store }), 'other-storage');
    await saveStorageConfig(db, dav);
    const broken = Object.assign(new MemoryBlobStore(), {
      delete: () => Promise.reject(new Error('HTTP 423 Locked.')),
    });
    await failsAs(stopSharing(db, id, { store: broken }), 'storage-failed');
    await failsAs(stopSharing(db, 'no-such-share', { store }), 'unknown');
    expect(await store.list(SHARES_FOLDER)).toEqual([put.path]);
    expect((await readStoredShares(db))[0]!.removedAt).toBeUndefined();
  });

  it('never removes anything outside shares/', async () => {
    const { db } = freshDB('stop-sharing-outside');
    const store = new MemoryBlobStore();
    await store.putIfAbsent('vault.json', new Uint8Array([1]));
    await saveStorageConfig(db, dav);
    await recordStoredShare(db, { ...share('shares/x'), id: 'evil', path: 'shares/../vault.json' });
    await failsAs(stopSharing(db, 'evil', { store }), 'storage-failed');
    expect(await store.get('vault.json')).not.toBeNull();
  });

  it('skips a record of another shape instead of failing the list', async () => {
    const { db } = freshDB('stop-sharing-shape');
    await db.settings.put({ key: STORED_SHARES_SETTING, value: [{ id: 1 }, share('shares/abc')] });
    expect((await readStoredShares(db)).map((r) => r.id)).toEqual(['abc']);
  });

  it('on S3: the signed DELETE removes the object (checked by a server that verifies SigV4)', async () => {
    const { db } = freshDB('stop-sharing-s3');
    fake = await startS3Fake('AKIDSHARE', 'share-secret');
    const s3: StorageConfig = {
      kind: 's3',
      bucketUrl: fake.url,
      accessKeyId: 'AKIDSHARE',
      secretAccessKey: 'share-secret',
      region: 'us-east-1',
    };
    await saveStorageConfig(db, s3);
    const put = await putSharedObject(s3, new Uint8Array([7, 7]), new S3BlobStore(s3));
    expect(fake.objects.has(`bucket/${put.path}`)).toBe(true);
    await recordStoredShare(db, share(put.path, s3.kind === 's3' ? s3.bucketUrl : ''));
    await stopSharing(db, share(put.path).id);
    expect(fake.objects.has(`bucket/${put.path}`)).toBe(false);
    expect((await readStoredShares(db))[0]!.removedAt).toBeGreaterThan(0);
  });
});
