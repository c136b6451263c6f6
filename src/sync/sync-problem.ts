import { BlobStoreError, type StorageKind } from './blob-store';
import { FolderBackupError } from './backup-folder';
import { corsServersFor, corsSnippet, type CorsServer } from './cors-help';
import { StorageConfigError } from './storage-config';
import { VaultError } from './vault-crypto';

type SyncProblemKind =
  | 'cors'
  | 'auth'
  | 'http'
  | 'format'
  | 'wrong-passphrase'
  | 'integrity'
  | 'config'
  | 'folder'
  | 'other';

/** What went wrong, in words, with the configuration a CORS refusal needs. */
export type SyncProblem = { kind: SyncProblemKind; text: string; snippets: { server: CorsServer; text: string }[] };

export function toProblem(e: unknown, kind: StorageKind, origin: string): SyncProblem {
  if (e instanceof BlobStoreError) {
    const snippets =
      e.kind === 'cors' ? corsServersFor(kind).map((server) => ({ server, text: corsSnippet(server, origin) })) : [];
    return { kind: e.kind, text: e.message, snippets };
  }
  if (e instanceof VaultError) return { kind: e.kind, text: e.message, snippets: [] };
  if (e instanceof FolderBackupError) return { kind: 'folder', text: e.message, snippets: [] };
  if (e instanceof StorageConfigError) return { kind: 'config', text: e.message, snippets: [] };
  return { kind: 'other', text: `Sync failed: ${e instanceof Error ? e.message : String(e)}`, snippets: [] };
}
