import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openToolscopeDB } from '../db/database';
import { createSession, renameSession } from '../db/sessions-repo';
import { FOLDER_BACKUP_NAME } from './backup-folder';
import { restoreBackup } from './backup-file';
import { MemoryBlobStore } from './memory-store';
import { S3BlobStore } from './s3-store';
import type { StorageConfig } from './storage-config';
import { SyncService } from './sync-service';
import { SyncStateDB } from './sync-state-db';
import { FakeFolder } from './testing/fake-folder';
import { startS3Fake, type S3Fake } from './testing/s3-fake';
import { testDevice } from './testing/sync-device';

/**
 * The service's folder backup wired to real rounds (an S3 store over HTTP to the local S3 server): written on
 * demand, rewritten by a round that moved something, and a folder problem told without failing the round.
 */
describe('sync service: backup to a folder', () => {
  let s3: S3Fake;
  beforeAll(async () => {
    s3 = await startS3Fake('AKIDSVC', 'svc-secret');
    // Node's own navigator has no storage or locks; the service asks it only for storage persistence and Web Locks.
    vi.stubGlobal('navigator', {});
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await s3?.close();
  });

  it('on demand, after a round that moved something, and a removed folder told while the round still counts', async () => {
    const config: StorageConfig = {
      kind: 's3',
      bucketUrl: `${s3.url}-svc`,
      accessKeyId: 'AKIDSVC',
      secretAccessKey: 'svc-secret',
      region: 'us-east-1',
    };
    // The vault made with few KDF rounds (the parameters are in vault.json), so connecting is quick.
    await testDevice(new S3BlobStore(config), 'svc passphrase');
    const factory = new IDBFactory();
    const db = openToolscopeDB('svc', { indexedDB: factory, IDBKeyRange });
    const service = new SyncService(
      db,
      new SyncStateDB('svc-sync', { indexedDB: factory, IDBKeyRange }),
      'http://127.0.0.1:1',
    );
    await service.init();
    await createSession(db, { id: 's1', title: 'Before the folder', model: 'm' });
    await service.connect(config, 'svc passphrase');
    expect(service.current).toMatchObject({ connected: true, rounds: 1, problem: null });

    const folder = new FakeFolder('Sync folder');
    await service.backupToFolder('', folder);
    expect(service.current.message).toBe('Backed up to the folder “Sync folder”.');
    const first = folder.files.get(FOLDER_BACKUP_NAME);
    expect(first).toBeDefined();

    await renameSession(db, 's1', 'Renamed, then synced');
    await service.syncNow();
    const second = folder.files.get(FOLDER_BACKUP_NAME)!;
    expect(second).not.toBe(first);
    const other = await testDevice(new MemoryBlobStore());
    await restoreBackup({ db: other.db, state: other.state, text: second, passphrase: 'svc passphrase' });
    expect((await other.db.sessions.get('s1'))?.title).toBe('Renamed, then synced');

    // A round with nothing to move leaves the file; a folder gone is a problem in words, the round still counts.
    await service.syncNow();
    expect(folder.files.get(FOLDER_BACKUP_NAME)).toBe(second);
    folder.gone = true;
    await renameSession(db, 's1', 'Renamed again');
    await service.syncNow();
    expect(service.current.message).toMatch(/^Synced: /);
    expect(service.current.rounds).toBe(4);
    expect(service.current.problem).toMatchObject({
      kind: 'folder',
      text: expect.stringContaining('into the folder “Sync folder”'),
    });
    expect(folder.files.get(FOLDER_BACKUP_NAME)).toBe(second);
  });
});
