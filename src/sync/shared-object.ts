import { AwsClient } from 'aws4fetch';
import { joinUrl, type BlobStore } from './blob-store';
import { makeStore, type StorageConfig } from './storage-config';

/**
 * A share link's sealed session on the storage connected in "Sync and backup" (architecture.md, "Share links"):
 * one object under `shares/`, beside the vault and never read by sync (rounds list `devices/` only). Its name is
 * 128 random bits; what it holds is sealed with the link's own key, which never reaches the storage.
 *
 * The location in the link must be readable by whoever opens it, who has no credentials: on WebDAV the plain URL
 * (the `shares/` folder is made readable without sign-in, docs/sync-storage.md); on S3 a presigned GET URL
 * valid for 7 days (S3's longest), which names the access key ID but never the secret.
 */
export const SHARES_FOLDER = 'shares/';
const PRESIGN_SECONDS = 7 * 24 * 3600;

function objectName(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Where a put share lives: the URL a person without credentials reads it from, and its path on the storage. */
export type PutShare = { location: string; path: string };

/** Puts the sealed bytes; returns where anyone with the link reads them, and the path to remove them by. */
export async function putSharedObject(
  config: StorageConfig,
  sealed: Uint8Array,
  store: BlobStore = makeStore(config),
): Promise<PutShare> {
  const path = `${SHARES_FOLDER}${objectName()}`;
  // 128 random bits cannot meet an existing name; a false here means the storage lied about the write.
  if (!(await store.putIfAbsent(path, sealed)))
    throw new Error(`The storage already had ${path}; nothing was shared. Try again.`);
  return { location: await readableLocation(config, path), path };
}

async function readableLocation(config: StorageConfig, path: string): Promise<string> {
  if (config.kind === 'webdav') return joinUrl(config.url, path);
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region || 'us-east-1',
    service: 's3',
    retries: 0,
  });
  const url = new URL(joinUrl(config.bucketUrl, path));
  url.searchParams.set('X-Amz-Expires', String(PRESIGN_SECONDS));
  return (await client.sign(url.toString(), { method: 'GET', aws: { signQuery: true } })).url;
}

/** Removes a share's sealed bytes ("Stop sharing"); its link then finds nothing there (HTTP 404). */
export async function deleteSharedObject(
  config: StorageConfig,
  path: string,
  store: BlobStore = makeStore(config),
): Promise<void> {
  if (!path.startsWith(SHARES_FOLDER) || path.includes('..'))
    throw new Error(`${path} is not a shared session's place on the storage; nothing was removed.`);
  await store.delete(path);
}
