/**
 * The one small interface every storage sits behind (architecture.md, "Sync and backup"). Paths are relative to
 * the storage's base ("vault.json", "devices/<id>/seg-000000001"); the storage only ever sees encrypted bytes.
 */
export interface BlobStore {
  /** Writes `body` at `path` unless something is there already: false when it was (nothing is overwritten). */
  putIfAbsent(path: string, body: Uint8Array): Promise<boolean>;
  /** The bytes at `path`, or null when nothing is there. */
  get(path: string): Promise<Uint8Array | null>;
  /** Every path under `prefix` (a folder ending in "/"), in any order. */
  list(prefix: string): Promise<string[]>;
  /** Removes `path`; removing what is absent is fine. */
  delete(path: string): Promise<void>;
}

/** A stored file as a listing names it, with what tells a changed one from the one read before (what the server gives). */
export type StoredEntry = { key: string; etag?: string; size?: number; modified?: string };

export type StorageKind = 'webdav' | 's3';

type BlobStoreErrorKind = 'cors' | 'auth' | 'http' | 'format';

/** One typed error per kind of storage failure; `message` is a sentence a person can act on. */
export class BlobStoreError extends Error {
  override readonly name = 'BlobStoreError';
  constructor(
    readonly kind: BlobStoreErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Joins a base URL (with or without a trailing slash) and a relative path, encoding each segment. */
export function joinUrl(base: string, path: string): string {
  const root = base.endsWith('/') ? base : `${base}/`;
  return root + path.split('/').map(encodeURIComponent).join('/');
}
