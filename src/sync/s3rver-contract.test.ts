import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AwsClient } from 'aws4fetch';
import { createSession } from '../db/sessions-repo';
import { appendMessage, loadHistory } from '../db/messages-repo';
import type { Fetch } from './http-call';
import { S3BlobStore, type S3Config } from './s3-store';
import { blobContract } from './testing/blob-contract-cases';
import { startS3Fake, type S3Fake } from './testing/s3-fake';
import { startS3rver, type S3rver } from './testing/s3rver-server';
import { testDevice } from './testing/sync-device';

/**
 * The S3 store against an S3-compatible server we did not write: s3rver (`@20minutes/s3rver`) on a free loopback
 * port, over real HTTP. It proves what our own fake cannot: SigV4 signatures checked by someone else's code
 * (canonical path, query and headers as s3rver builds them), its ListObjectsV2. It cannot prove conditional writes
 * (it ignores If-None-Match: * on PUT and overwrites) nor that unsigned requests are refused (it accepts them):
 * both are shown below, with how the store behaves there. Its bucket CORS rules are proven in the browser
 * (e2e/sync-s3.spec.ts). Keys with &, < or ' are escaped twice in its list answers, so that case stays with our
 * fake (the layout's paths never hold them). Summary per server: docs/architecture.md, "Servers the blob contract
 * runs against".
 */
const KEY = 'AKIDS3RVERTEST';
const SECRET = 's3rver-test-secret';
const BUCKETS = Array.from({ length: 12 }, (_, i) => `case-${i + 1}`);
const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array | null) => (b === null ? null : new TextDecoder().decode(b));

let s3: S3rver;
let next = 0;
beforeAll(async () => {
  s3 = await startS3rver({ accessKeyId: KEY, secretAccessKey: SECRET, buckets: BUCKETS });
});
afterAll(async () => {
  await s3?.close();
});

/** A bucket of its own for each case. */
function config(over: Partial<S3Config> = {}): S3Config {
  const bucket = BUCKETS[next++];
  if (bucket === undefined) throw new Error('more cases than buckets: add to BUCKETS');
  return {
    bucketUrl: `${s3.endpoint}/${bucket}`,
    accessKeyId: KEY,
    secretAccessKey: SECRET,
    region: 'us-east-1',
    ...over,
  };
}

blobContract('s3rver (independent S3-compatible server)', () => new S3BlobStore(config()));

describe('s3rver: what it proves about auth', () => {
  it('a wrong secret or an unknown key is a credentials error, and nothing is written', async () => {
    const c = config();
    await expect(
      new S3BlobStore({ ...c, secretAccessKey: 'not-the-secret' }).putIfAbsent('vault.json', bytes('x')),
    ).rejects.toMatchObject({ kind: 'auth', status: 403 });
    await expect(new S3BlobStore({ ...c, accessKeyId: 'AKIDNOBODY' }).get('vault.json')).rejects.toMatchObject({
      kind: 'auth',
      status: 403,
    });
    expect(await new S3BlobStore(c).list('')).toEqual([]);
  });

  it('a request signed for one path and sent to another is refused; the signed one goes through', async () => {
    const c = config();
    await new S3BlobStore(c).putIfAbsent('devices/b/seg-000000001', bytes('b'));
    const client = new AwsClient({
      accessKeyId: KEY,
      secretAccessKey: SECRET,
      region: 'us-east-1',
      service: 's3',
      retries: 0,
    });
    const signed = await client.sign(`${c.bucketUrl}/devices/a/seg-000000001`, { method: 'GET' });
    expect((await fetch(`${c.bucketUrl}/devices/b/seg-000000001`, { headers: signed.headers })).status).toBe(403);
    expect((await fetch(signed)).status).toBe(404);
  });

  it('cannot prove: an unsigned request is accepted by s3rver (S3 refuses it with 403)', async () => {
    const c = config();
    await new S3BlobStore(c).putIfAbsent('vault.json', bytes('{}'));
    expect((await fetch(`${c.bucketUrl}/vault.json`)).status).toBe(200);
  });
});

/** A fetch that lets another writer put `theirs` at the same path just before the store's PUT arrives. */
function racedBy(theirs: string, cfg: S3Config): Fetch {
  const other = new AwsClient({
    accessKeyId: cfg.accessKeyId,
    secretAccessKey: cfg.secretAccessKey,
    region: cfg.region,
    service: 's3',
    retries: 0,
  });
  let raced = false;
  return async (input, init) => {
    const req = new Request(input, init);
    if (req.method === 'PUT' && !raced) {
      raced = true;
      await other.fetch(req.url, { method: 'PUT', body: theirs });
    }
    return fetch(req);
  };
}

describe('conditional writes (If-None-Match: *)', () => {
  let fake: S3Fake;
  beforeAll(async () => {
    fake = await startS3Fake(KEY, SECRET);
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('s3rver ignores If-None-Match: * and overwrites; the store still never overwrites what it can see (HEAD first)', async () => {
    const c = config();
    const client = new AwsClient({
      accessKeyId: KEY,
      secretAccessKey: SECRET,
      region: 'us-east-1',
      service: 's3',
      retries: 0,
    });
    await client.fetch(`${c.bucketUrl}/probe`, { method: 'PUT', body: 'first' });
    const conditional = await client.fetch(`${c.bucketUrl}/probe`, {
      method: 'PUT',
      headers: { 'If-None-Match': '*' },
      body: 'second',
    });
    expect(conditional.status).toBe(200);
    expect(text(await new S3BlobStore(c).get('probe'))).toBe('second');

    const s = new S3BlobStore(c);
    expect(await s.putIfAbsent('devices/d/seg-000000001', bytes('mine'))).toBe(true);
    expect(await s.putIfAbsent('devices/d/seg-000000001', bytes('again'))).toBe(false);
    expect(text(await s.get('devices/d/seg-000000001'))).toBe('mine');
  });

  it('a write racing in between HEAD and PUT: refused where the server honours If-None-Match, lost on s3rver', async () => {
    // Where the server honours the condition (S3 since 2024, R2, MinIO; our fake): the store sees 412 and reports
    // the path taken, and the other writer's bytes stay.
    const f = { bucketUrl: `${fake.url}-race`, accessKeyId: KEY, secretAccessKey: SECRET, region: 'us-east-1' };
    expect(await new S3BlobStore(f, racedBy('theirs', f)).putIfAbsent('devices/d/seg-000000001', bytes('mine'))).toBe(
      false,
    );
    expect(text(await new S3BlobStore(f).get('devices/d/seg-000000001'))).toBe('theirs');
    // On s3rver the HEAD cannot see a write that lands after it: the PUT overwrites. One writer per path and one
    // syncing tab per device (Web Locks) keep a second writer of the same path from existing (architecture.md).
    const c = config();
    expect(await new S3BlobStore(c, racedBy('theirs', c)).putIfAbsent('devices/d/seg-000000001', bytes('mine'))).toBe(
      true,
    );
    expect(text(await new S3BlobStore(c).get('devices/d/seg-000000001'))).toBe('mine');
  });
});

describe('s3rver: sync through it', () => {
  it('two simulated devices sync a session, compaction included', async () => {
    const s = new S3BlobStore(config());
    const a = await testDevice(s, undefined, { snapshotEvery: 1, graceMs: 0 });
    const b = await testDevice(s);
    await createSession(a.db, { id: 's1', title: 'Through s3rver', model: 'm' });
    await appendMessage(a.db, 's1', { id: 'm1', role: 'user', content: 'hello over s3rver', createdAt: 1 });
    await a.sync();
    await a.sync();
    await b.sync();
    expect((await b.db.sessions.get('s1'))?.title).toBe('Through s3rver');
    expect((await loadHistory(b.db, 's1')).map((m) => m.content)).toEqual(['hello over s3rver']);
    const listed = await s.list('devices/');
    expect(listed.some((p) => p.includes('/snap-'))).toBe(true);
    for (const f of s3.files()) expect(f.text, f.path).not.toContain('hello over s3rver');
  });
});
