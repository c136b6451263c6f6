import type { DexieOptions } from 'dexie';

/**
 * Where the page's database lives. Decided once, before `database.ts` is first imported: a private window may
 * refuse IndexedDB, and then the app keeps working on an in-memory IndexedDB for this tab (lost on close, so the
 * UI says so and points at Export) instead of failing every read and write.
 */
type StorageBackend =
  | { kind: 'indexeddb' }
  | { kind: 'memory'; reason: string; options: Required<Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'>> };

let backend: StorageBackend = { kind: 'indexeddb' };

export function storageBackend(): StorageBackend {
  return backend;
}

/** Only before the database module loads; later calls would leave `db` on the old backend. */
export function selectMemoryBackend(
  reason: string,
  options: Required<Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'>>,
): void {
  backend = { kind: 'memory', reason, options };
}

/** Dexie options for the app's database on the chosen backend. */
export function backendDexieOptions(): DexieOptions | undefined {
  return backend.kind === 'memory' ? backend.options : undefined;
}
