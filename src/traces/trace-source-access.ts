import type { TraceFileEntry, TraceSourceConfig } from '../domain/trace-inbox';
import type { StoredEntry } from '../sync/blob-store';
import { S3BlobStore } from '../sync/s3-store';
import { makeStore, type StorageConfig } from '../sync/storage-config';
import { WebDavBlobStore } from '../sync/webdav-store';

/**
 * How a trace source's files are listed and read (architecture.md, "Trace inbox"). A bucket or WebDAV folder is
 * reached with the same signed or authorised requests Sync and backup makes (sync/s3-store.ts, sync/webdav-store.ts),
 * and its secret goes to that storage only. A folder on this computer is a kept directory handle (Chromium) or the
 * files a folder input gave (elsewhere: "Check now" asks for the folder again).
 */
export interface TraceFiles {
  list(): Promise<TraceFileEntry[]>;
  read(key: string): Promise<Uint8Array>;
}

/** A source that cannot be read now, said so a person can act on it. */
export class TraceSourceError extends Error {
  override readonly name = 'TraceSourceError';
  constructor(
    readonly kind: 'no_access' | 'not_configured' | 'storage',
    message: string,
  ) {
    super(message);
  }
}

/** What reads a source: its record, its secret and, for "The storage in Sync and backup", that storage's settings. */
type TraceSourceAccess = {
  config: TraceSourceConfig;
  secret: string | null;
  syncStorage: StorageConfig | null;
  files?: readonly FolderFile[];
};

/** Where the sync storage keeps traces: a folder beside the vault, so the vault's encrypted files are never read as traces. */
const SYNC_TRACES_PREFIX = 'traces/';

const versionOf = (e: StoredEntry) => e.etag ?? `${e.size ?? '?'}@${e.modified ?? '?'}`;

/** Only what may hold traces: hidden files and the exporters' temporary files are not read. */
function isTraceFileName(key: string): boolean {
  const base = key.split('/').pop() ?? key;
  return base !== '' && !base.startsWith('.') && !/\.(tmp|part|lock)$/i.test(base);
}

function storeFiles(store: S3BlobStore | WebDavBlobStore, prefix: string): TraceFiles {
  return {
    async list() {
      const entries = await store.listEntries(prefix);
      return entries
        .filter((e) => isTraceFileName(e.key))
        .map((e) => ({ key: e.key, version: versionOf(e), ...(e.size !== undefined ? { size: e.size } : {}) }));
    },
    async read(key) {
      const bytes = await store.get(key);
      if (bytes === null) throw new TraceSourceError('storage', `${key} is no longer there.`);
      return bytes;
    },
  };
}

/** The bucket's URL, path style (https://<endpoint>/<bucket>), as S3-compatible stores and AWS all answer it. */
function s3BucketUrl(endpoint: string, bucket: string): string {
  return `${endpoint.replace(/\/+$/, '')}/${encodeURIComponent(bucket)}`;
}

async function* walkFolder(
  dir: FileSystemDirectoryHandle,
  path: string,
): AsyncGenerator<[string, FileSystemFileHandle]> {
  for await (const entry of (dir as unknown as { values(): AsyncIterable<FileSystemHandle> }).values()) {
    if (entry.kind === 'directory') yield* walkFolder(entry as FileSystemDirectoryHandle, `${path}${entry.name}/`);
    else yield [`${path}${entry.name}`, entry as FileSystemFileHandle];
  }
}

function folderFiles(handle: FileSystemDirectoryHandle): TraceFiles {
  const handles = new Map<string, FileSystemFileHandle>();
  return {
    async list() {
      const out: TraceFileEntry[] = [];
      handles.clear();
      for await (const [key, h] of walkFolder(handle, '')) {
        if (!isTraceFileName(key)) continue;
        const f = await h.getFile();
        handles.set(key, h);
        out.push({ key, version: `${f.size}@${f.lastModified}`, size: f.size });
      }
      return out;
    },
    async read(key) {
      const h = handles.get(key);
      if (!h) throw new TraceSourceError('storage', `${key} is no longer in the folder.`);
      return new Uint8Array(await (await h.getFile()).arrayBuffer());
    },
  };
}

/** A file a folder input or a drop gave, keyed by its path inside the folder. */
export type FolderFile = { key: string; file: File };

/** A folder input's files as picked files: the folder's own name leads every relative path, the key is the rest. */
export function pickedFromInput(files: readonly File[]): FolderFile[] {
  return files.map((file) => {
    const rel = (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name;
    return { key: rel.includes('/') ? rel.slice(rel.indexOf('/') + 1) : rel, file };
  });
}

function pickedFiles(files: readonly FolderFile[]): TraceFiles {
  const byKey = new Map<string, File>();
  for (const { key, file } of files) if (isTraceFileName(key)) byKey.set(key, file);
  return {
    async list() {
      return [...byKey].map(([key, f]) => ({ key, version: `${f.size}@${f.lastModified}`, size: f.size }));
    },
    async read(key) {
      const f = byKey.get(key);
      if (!f) throw new TraceSourceError('storage', `${key} is no longer in the folder.`);
      return new Uint8Array(await f.arrayBuffer());
    },
  };
}

export function traceFilesOf(access: TraceSourceAccess): TraceFiles {
  const c = access.config;
  switch (c.kind) {
    case 'folder':
      if (access.files) return pickedFiles(access.files);
      if (c.handle) return folderFiles(c.handle);
      throw new TraceSourceError(
        'no_access',
        `Choose the folder ${c.name} again: this browser does not let the page keep a folder between visits.`,
      );
    case 's3':
      if (!access.secret)
        throw new TraceSourceError(
          'not_configured',
          'The secret access key of this source is not stored: remove the source and add it again.',
        );
      return storeFiles(
        new S3BlobStore({
          bucketUrl: s3BucketUrl(c.endpoint, c.bucket),
          region: c.region,
          accessKeyId: c.accessKeyId,
          secretAccessKey: access.secret,
        }),
        c.prefix.replace(/^\/+/, ''),
      );
    case 'webdav':
      return storeFiles(new WebDavBlobStore({ url: c.url, username: c.username, password: access.secret ?? '' }), '');
    case 'sync': {
      if (!access.syncStorage)
        throw new TraceSourceError('not_configured', 'No storage is set in Sync and backup: connect one there first.');
      const store = makeStore(access.syncStorage);
      if (!(store instanceof S3BlobStore) && !(store instanceof WebDavBlobStore))
        throw new TraceSourceError('not_configured', 'The storage in Sync and backup cannot be listed.');
      return storeFiles(store, SYNC_TRACES_PREFIX);
    }
  }
}
