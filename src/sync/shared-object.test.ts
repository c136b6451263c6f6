import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apacheAvailable, startApacheDav, type ApacheDav } from './testing/apache-webdav';
import { MemoryBlobStore } from './memory-store';
import { freshDB } from '../db/testing/fresh-db';
import { putSharedObject, SHARES_FOLDER } from './shared-object';
import { saveStorageConfig } from './storage-config';
import { recordStoredShare, stopSharing } from './stored-shares';

describe('a share link object on the sync storage', () => {
  it('goes under shares/ with a fresh random name, never overwriting; S3 gives a presigned GET', async () => {
    const store = new MemoryBlobStore();
    const body = new Uint8Array([1, 2, 3]);
    const s3 = {
      kind: 's3' as const,
      bucketUrl: 'https://s3.example.net/bucket',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI-secret',
      region: 'eu-west-1',
    };
    const a = new URL((await putSharedObject(s3, body, store)).location);
    const b = new URL((await putSharedObject(s3, body, store)).location);
    expect(a.pathname).toMatch(/^\/bucket\/shares\/[0-9a-f]{32}$/);
    expect(a.pathname).not.toBe(b.pathname);
    expect(a.searchParams.get('X-Amz-Expires')).toBe('604800');
    expect(a.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(a.toString()).not.toContain(s3.secretAccessKey);
    expect((await store.list(SHARES_FOLDER)).sort()).toEqual(
      [a.pathname, b.pathname].map((p) => p.slice('/bucket/'.length)).sort(),
    );
  });
});

// CI installs Apache (.ci/run); blob-contract.test.ts fails the run when it is missing, so a skip here is local only.
// Without Debian's apache2 and mod_dav the block is reported as skipped with the reason in its name (as in
// blob-contract.test.ts); under CI, which installs them, their absence fails instead.
const apache = apacheAvailable();
if (!apache && process.env.CI) {
  it('Apache mod_dav is installed (CI installs apache2)', () => {
    throw new Error(
      'Debian apache2 with mod_dav (/usr/sbin/apache2, mod_dav_fs.so) is missing: sudo apt-get install -y apache2',
    );
  });
}
describe.skipIf(!apache)(
  apache
    ? 'a share link object on Apache mod_dav'
    : 'a share link object on Apache mod_dav: skipped, Debian apache2 with mod_dav is not installed (sudo apt-get install -y apache2)',
  () => {
    let dav: ApacheDav;
    beforeAll(async () => {
      dav = await startApacheDav({ corsOrigin: null, publicShares: true });
    }, 30_000);
    afterAll(async () => {
      await dav?.stop();
    });

    it('is written with the credentials and read back by anyone with its URL, who cannot write or list there; stop sharing removes it', async () => {
      const body = crypto.getRandomValues(new Uint8Array(4096));
      const { location: url } = await putSharedObject(
        { kind: 'webdav', url: dav.url, username: dav.username, password: dav.password },
        body,
      );
      expect(url.startsWith(`${dav.url}shares/`)).toBe(true);
      const read = await fetch(url);
      expect(read.status).toBe(200);
      expect(new Uint8Array(await read.arrayBuffer())).toEqual(body);
      expect((await fetch(url, { method: 'PUT', body: 'x' })).status).toBe(401);
      expect((await fetch(`${dav.url}shares/`, { method: 'PROPFIND', headers: { Depth: '1' } })).status).toBe(401);
      // The rest of the vault still asks for the credentials.
      expect((await fetch(`${dav.url}vault.json`)).status).toBe(401);

      // Stop sharing: removed with the credentials; whoever has the link now finds nothing there (the view says removed).
      const { db } = freshDB('share-apache');
      const config = { kind: 'webdav' as const, url: dav.url, username: dav.username, password: dav.password };
      await saveStorageConfig(db, config);
      const path = url.slice(dav.url.length);
      await recordStoredShare(db, {
        id: path.slice(SHARES_FOLDER.length),
        sessionId: 's',
        storage: dav.url,
        path,
        createdAt: 1,
        toolResults: false,
      });
      await stopSharing(db, path.slice(SHARES_FOLDER.length));
      expect((await fetch(url)).status).toBe(404);
    });
  },
);
