import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openToolscopeDB } from '../db/database';
import { createSession } from '../db/sessions-repo';
import { S3BlobStore } from './s3-store';
import type { StorageConfig } from './storage-config';
import { stoppedText, SyncService } from './sync-service';
import { SyncStateDB } from './sync-state-db';
import { startFaultProxy, type FaultProxy } from './testing/fault-proxy';
import { startS3Fake, type S3Fake } from './testing/s3-fake';
import { testDevice } from './testing/sync-device';

/**
 * A round that meets a storage answering 503 (the fault proxy in front of the local S3 server, over real HTTP):
 * what the person reads names the storage's answer and says the changes wait, and the outbox keeps them for the
 * next round. The browser journeys are e2e/sync-faults.spec.ts.
 */
describe('sync service: a storage that fails in the middle of a round', () => {
  let s3: S3Fake;
  let proxy: FaultProxy;
  beforeAll(async () => {
    s3 = await startS3Fake('AKIDFAULT', 'fault-secret');
    proxy = await startFaultProxy(new URL(s3.url).origin);
    // Node's own navigator has no storage or locks; the service asks it only for storage persistence and Web Locks.
    vi.stubGlobal('navigator', {});
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await proxy?.close();
    await s3?.close();
  });

  it('a 503 on the segment PUT: the answer named, the changes kept and said to wait; the next round sends them', async () => {
    const config: StorageConfig = {
      kind: 's3',
      bucketUrl: `${proxy.origin}${new URL(s3.url).pathname}-faults`,
      accessKeyId: 'AKIDFAULT',
      secretAccessKey: 'fault-secret',
      region: 'us-east-1',
    };
    await testDevice(new S3BlobStore(config), 'fault passphrase');
    const factory = new IDBFactory();
    const db = openToolscopeDB('faults', { indexedDB: factory, IDBKeyRange });
    const state = new SyncStateDB('faults-sync', { indexedDB: factory, IDBKeyRange });
    const service = new SyncService(db, state, 'http://127.0.0.1:1');
    await service.init();
    await createSession(db, { id: 's1', title: 'Kept through a 503', model: 'm' });
    await createSession(db, { id: 's2', title: 'Also kept', model: 'm' });

    const put = proxy.fail({ method: 'PUT', path: /\/devices\/[0-9a-f]+\/seg-\d+$/, status: 503 });
    await service.connect(config, 'fault passphrase');
    const hit = await put.hit;
    const path = hit.path.slice(new URL(config.bucketUrl).pathname.length + 1);
    expect(service.current.problem).toMatchObject({
      kind: 'http',
      text: `The storage answered PUT ${path} with HTTP 503 Service Unavailable. That is a fault on the storage’s side and often passes; if it stays, check the storage.`,
    });
    const pending = await state.outbox.count();
    expect(pending).toBe(2);
    expect(JSON.stringify(await state.outbox.toArray())).toContain('Kept through a 503');
    expect(service.current).toMatchObject({
      pending,
      message: `Sync stopped. Nothing is lost: 2 changes wait on this device for the next round (Sync now, or on its own within 30 s).`,
    });

    proxy.clear();
    await service.syncNow();
    expect(service.current).toMatchObject({
      problem: null,
      pending: 0,
      message: `Synced: 0 received, ${pending} sent.`,
    });
    expect(await state.outbox.count()).toBe(0);
  });

  it('a round that stopped with nothing waiting says the next round tries again', () => {
    expect(stoppedText(0)).toBe('Sync stopped; the next round (Sync now, or on its own within 30 s) tries again.');
    expect(stoppedText(1)).toBe(
      'Sync stopped. Nothing is lost: 1 change waits on this device for the next round (Sync now, or on its own within 30 s).',
    );
  });
});
