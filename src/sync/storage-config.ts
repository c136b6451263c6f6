import type { ToolscopeDB } from '../db/database';
import type { BlobStore, StorageKind } from './blob-store';
import { S3BlobStore } from './s3-store';
import { WebDavBlobStore } from './webdav-store';

/** Where the vault lives and how to get in. Stored in the secrets table only: never exported, never synced. */
export type StorageConfig =
  | { kind: 'webdav'; url: string; username: string; password: string }
  | { kind: 's3'; bucketUrl: string; accessKeyId: string; secretAccessKey: string; region: string };

const STORAGE_CONFIG_SECRET = 'sync:storage';

export class StorageConfigError extends Error {
  override readonly name = 'StorageConfigError';
}

/** A person-readable problem with the form, or null. */
function configProblem(c: StorageConfig): string | null {
  const url = c.kind === 'webdav' ? c.url : c.bucketUrl;
  const label = c.kind === 'webdav' ? 'Storage URL' : 'Bucket URL';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${label} is not a URL: enter one starting with https://.`;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return `${label} must start with https:// (or http:// for a server on this computer).`;
  if (c.kind === 's3' && (c.accessKeyId === '' || c.secretAccessKey === ''))
    return 'Enter the access key ID and the secret access key.';
  return null;
}

export function storageKind(c: StorageConfig): StorageKind {
  return c.kind;
}

export function storageUrl(c: StorageConfig): string {
  return c.kind === 'webdav' ? c.url : c.bucketUrl;
}

export function makeStore(c: StorageConfig): BlobStore {
  const problem = configProblem(c);
  if (problem !== null) throw new StorageConfigError(problem);
  return c.kind === 'webdav' ? new WebDavBlobStore(c) : new S3BlobStore(c);
}

export async function loadStorageConfig(db: ToolscopeDB): Promise<StorageConfig | null> {
  const rec = await db.secrets.get(STORAGE_CONFIG_SECRET);
  if (!rec) return null;
  try {
    return JSON.parse(rec.value) as StorageConfig;
  } catch {
    return null;
  }
}

export async function saveStorageConfig(db: ToolscopeDB, c: StorageConfig | null): Promise<void> {
  if (c === null) await db.secrets.delete(STORAGE_CONFIG_SECRET);
  else await db.secrets.put({ key: STORAGE_CONFIG_SECRET, value: JSON.stringify(c) });
}
