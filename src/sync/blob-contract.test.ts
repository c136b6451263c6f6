import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobStoreError } from './blob-store';
import { createSession } from '../db/sessions-repo';
import { MemoryBlobStore } from './memory-store';
import { testDevice } from './testing/sync-device';
import { apacheAvailable, startApacheDav, type ApacheDav } from './testing/apache-webdav';
import { WebDavBlobStore } from './webdav-store';
import { AwsClient } from 'aws4fetch';
import { appendMessage, loadHistory } from '../db/messages-repo';
import { S3BlobStore, type S3Config } from './s3-store';
import { startS3Fake, type S3Fake } from './testing/s3-fake';
import { blobContract } from './testing/blob-contract-cases';

/**
 * The blob contract every storage keeps (cases in testing/blob-contract-cases.ts), run against four servers; what
 * each can and cannot prove (docs/architecture.md, "Servers the blob contract runs against"):
 * - in memory: the contract's logic only; no HTTP, no conditional write, no auth, no CORS.
 * - Apache mod_dav (real, Debian's apache2): conditional PUT (If-None-Match: * gives 412), MKCOL folders, basic
 *   auth (401), PROPFIND listing, weak ETags (it sends them; no case relies on an ETag). CORS: the e2e specs.
 * - our S3 fake (testing/s3-fake.ts): SigV4 checked with aws4fetch's own signer (so it cannot catch a mistake the
 *   page's signer and the check share), If-None-Match: * honoured (412), so a lost race is refused.
 * - s3rver (independent, s3rver-contract.test.ts): SigV4 checked by its own code, ListObjectsV2, bucket CORS rules
 *   (the S3 e2e); it ignores If-None-Match: * on PUT and accepts unsigned requests — shown there, with how the
 *   store behaves.
 * No real cloud service is reachable here: how S3, R2 or B2 answer a conditional write under a real race is not proven.
 */
const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array | null) => (b === null ? null : new TextDecoder().decode(b));

blobContract('in memory', () => new MemoryBlobStore());

// Without Debian's apache2 and mod_dav the block is reported as skipped, the reason in its name. CI installs them
// (.ci/run), so there a missing Apache is a failure: a skip would let the real-server half of the contract go unrun.
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
    ? 'Apache mod_dav'
    : 'Apache mod_dav: skipped, Debian apache2 with mod_dav is not installed (sudo apt-get install -y apache2)',
  () => {
    let dav: ApacheDav;
    let n = 0;
    beforeAll(async () => {
      dav = await startApacheDav({ corsOrigin: null });
    }, 30_000);
    afterAll(async () => {
      await dav?.stop();
    });
    // Each case gets its own folder on the one server.
    blobContract(
      'Apache mod_dav',
      () => new WebDavBlobStore({ url: `${dav.url}case-${++n}/`, username: dav.username, password: dav.password }),
    );

    it('two simulated devices sync a session through it, compaction included', async () => {
      const store = () =>
        new WebDavBlobStore({ url: `${dav.url}two-devices/`, username: dav.username, password: dav.password });
      const a = await testDevice(store(), undefined, { snapshotEvery: 1, graceMs: 0 });
      const b = await testDevice(store());
      await createSession(a.db, { id: 's1', title: 'Over WebDAV', model: 'm' });
      await a.sync();
      await a.sync();
      await b.sync();
      expect((await b.db.sessions.get('s1'))?.title).toBe('Over WebDAV');
      const listed = await store().list('devices/');
      expect(listed.some((p) => p.includes('/snap-'))).toBe(true);
    });

    it('wrong credentials are a credentials error, not a missing file', async () => {
      const s = new WebDavBlobStore({ url: dav.url, username: dav.username, password: 'wrong' });
      const err = await s.get('vault.json').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BlobStoreError);
      expect(err).toMatchObject({ kind: 'auth', status: 401 });
    });

    it('a server that is not there is told as CORS or unreachable, with the storage named', async () => {
      const s = new WebDavBlobStore({ url: 'http://127.0.0.1:9/vault/', username: 'x', password: 'y' });
      await expect(s.list('devices/')).rejects.toMatchObject({
        kind: 'cors',
        message: expect.stringContaining('http://127.0.0.1:9'),
      });
    });
  },
);

describe('S3-compatible (a local server that checks SigV4 signatures; not real-service conditional-write races or CORS)', () => {
  let s3: S3Fake;
  let n = 0;
  beforeAll(async () => {
    s3 = await startS3Fake('AKIDTEST', 'the-secret');
  });
  afterAll(async () => {
    await s3?.close();
  });
  const config = (over: Partial<S3Config> = {}): S3Config => ({
    bucketUrl: `${s3.url}-${++n}`,
    accessKeyId: 'AKIDTEST',
    secretAccessKey: 'the-secret',
    region: 'us-east-1',
    ...over,
  });
  blobContract('S3 (signatures checked)', () => new S3BlobStore(config()));

  it('keys with characters URLs escape round-trip, in another region too', async () => {
    const s = new S3BlobStore(config({ region: 'eu-west-1' }));
    expect(await s.putIfAbsent('odd/a b&c+d', bytes('x'))).toBe(true);
    expect(await s.list('odd/')).toEqual(['odd/a b&c+d']);
    expect(text(await s.get('odd/a b&c+d'))).toBe('x');
  });

  it('a wrong secret or an unknown key is a credentials error, and nothing is written', async () => {
    const c = config();
    await expect(
      new S3BlobStore({ ...c, secretAccessKey: 'not-the-secret' }).putIfAbsent('vault.json', bytes('x')),
    ).rejects.toMatchObject({ kind: 'auth', status: 403 });
    await expect(new S3BlobStore({ ...c, accessKeyId: 'SOMEONE' }).get('vault.json')).rejects.toMatchObject({
      kind: 'auth',
      status: 403,
    });
    expect(await new S3BlobStore(c).list('')).toEqual([]);
  });

  it('a signed request sent to another path than the one signed is refused (the signature covers the path)', async () => {
    const client = new AwsClient({
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'the-secret',
      region: 'us-east-1',
      service: 's3',
      retries: 0,
    });
    const c = config();
    const signed = await client.sign(`${c.bucketUrl}/devices/a/seg-000000001`, { method: 'GET' });
    expect((await fetch(`${c.bucketUrl}/devices/b/seg-000000001`, { headers: signed.headers })).status).toBe(403);
    expect((await fetch(signed)).status).toBe(404);
  });

  it('two simulated devices sync a session through it', async () => {
    const s = new S3BlobStore(config());
    const a = await testDevice(s);
    const b = await testDevice(s);
    await createSession(a.db, { id: 's1', title: 'Through S3', model: 'm' });
    await appendMessage(a.db, 's1', { id: 'm1', role: 'user', content: 'hello over s3', createdAt: 1 });
    await a.sync();
    await b.sync();
    expect((await b.db.sessions.get('s1'))?.title).toBe('Through S3');
    expect((await loadHistory(b.db, 's1')).map((m) => m.content)).toEqual(['hello over s3']);
  });
});
