/**
 * Test-only: an independent S3-compatible server, s3rver (the maintained fork `@20minutes/s3rver`, Node >= 20), on a
 * free loopback port with its objects in a temp folder. Unlike our own fake (`s3-fake.ts`) it is someone else's
 * reading of S3: it checks SigV4 signatures (unknown key, wrong secret, changed path), answers ListObjectsV2 and
 * applies a bucket CORS configuration, but it ignores `If-None-Match: *` on PUT (it overwrites) and accepts
 * requests that carry no signature at all. What each server proves is listed in docs/architecture.md ("Sync and
 * backup", "Servers the blob contract runs against").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { filesUnder } from './files-under';

type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string; configs: string[] }[];
};
type S3rverInstance = { run: () => Promise<AddressInfo>; close: () => Promise<void> };
type S3rverClass = new (options: S3rverOptions) => S3rverInstance;
type Account = { createKeyPair: (accessKeyId: string, secretAccessKey: string) => void };

const load = createRequire(import.meta.url);

export type S3rver = {
  /** http://127.0.0.1:<port>: a bucket is `${endpoint}/${name}` (path style). */
  endpoint: string;
  /** Every stored file of the server (objects and s3rver's own metadata), path and bytes as latin1 text. */
  files: () => { path: string; text: string }[];
  close: () => Promise<void>;
};

/** CORS rules for the buckets, as S3 takes them (the same XML a person would put on a real bucket). */
function corsRules(origin: string): string {
  return (
    `<CORSConfiguration><CORSRule><AllowedOrigin>${origin}</AllowedOrigin>` +
    '<AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>PUT</AllowedMethod>' +
    '<AllowedMethod>DELETE</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader>' +
    '</CORSRule></CORSConfiguration>'
  );
}

/**
 * Starts s3rver with `buckets` made (each with the CORS rules for `corsOrigin`, or none), `bucketsWithoutCors`
 * made with no CORS rules, and the key pair registered. s3rver keeps key pairs in one registry per process, so a
 * second key pair adds to it.
 */
export async function startS3rver(o: {
  accessKeyId: string;
  secretAccessKey: string;
  buckets: string[];
  corsOrigin?: string;
  bucketsWithoutCors?: string[];
}): Promise<S3rver> {
  const S3rverServer = load('@20minutes/s3rver') as S3rverClass;
  const { DUMMY_ACCOUNT } = load('@20minutes/s3rver/lib/models/account') as { DUMMY_ACCOUNT: Account };
  DUMMY_ACCOUNT.createKeyPair(o.accessKeyId, o.secretAccessKey);
  const directory = mkdtempSync(join(tmpdir(), 'toolscope-s3rver-'));
  const configs = o.corsOrigin === undefined ? [] : [corsRules(o.corsOrigin)];
  const server = new S3rverServer({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [
      ...o.buckets.map((name) => ({ name, configs })),
      ...(o.bucketsWithoutCors ?? []).map((name) => ({ name, configs: [] })),
    ],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    files: () => filesUnder(directory),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
