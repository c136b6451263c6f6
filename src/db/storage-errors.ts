import type { ErrorInfo } from '../domain/error-info';

export type StorageErrorInfo = Extract<ErrorInfo, { kind: 'storage' }>;
export type StorageFailure = 'quota' | 'unavailable' | 'other';

const UNAVAILABLE_NAMES = new Set([
  'MissingAPIError',
  'OpenFailedError',
  'DatabaseClosedError',
  'InvalidStateError',
  'SecurityError',
  'UnknownError',
]);

function nameOf(err: unknown): string | null {
  if (typeof err === 'object' && err !== null && 'name' in err && typeof err.name === 'string') return err.name;
  return null;
}

/** Dexie wraps IndexedDB errors (`inner`), bulk ops collect them (`failures`), and aborts may carry a `cause`. */
function nested(err: unknown): unknown[] {
  if (typeof err !== 'object' || err === null) return [];
  const out: unknown[] = [];
  const rec = err as Record<string, unknown>;
  if (rec.inner) out.push(rec.inner);
  if (rec.cause) out.push(rec.cause);
  if (Array.isArray(rec.failures)) out.push(...(rec.failures as unknown[]));
  else if (rec.failures && typeof rec.failures === 'object') out.push(...Object.values(rec.failures));
  return out;
}

function someInChain(err: unknown, test: (name: string) => boolean, depth = 0): boolean {
  if (depth > 5) return false;
  const name = nameOf(err);
  if (name !== null && test(name)) return true;
  return nested(err).some((e) => someInChain(e, test, depth + 1));
}

export function isQuotaError(err: unknown): boolean {
  return someInChain(err, (n) => n === 'QuotaExceededError');
}

/** A key or unique index already holds the record (IndexedDB's ConstraintError), however Dexie wrapped it. */
export function isConstraintError(err: unknown): boolean {
  return someInChain(err, (n) => n === 'ConstraintError');
}

export function classifyStorageError(err: unknown): StorageFailure {
  if (isQuotaError(err)) return 'quota';
  if (someInChain(err, (n) => UNAVAILABLE_NAMES.has(n))) return 'unavailable';
  return 'other';
}

export function storageErrorInfo(failure: StorageFailure, err?: unknown): StorageErrorInfo {
  const message =
    failure === 'quota'
      ? 'Browser storage is full, so this run could not be saved. It continues in memory — export the ' +
        'session to keep it, then free space by deleting old sessions.'
      : failure === 'unavailable'
        ? 'Browser storage (IndexedDB) is unavailable, for example in a private window. This run is kept in memory only — export the session to keep it.'
        : `Saving to browser storage failed (${nameOf(err) ?? 'unknown error'}). This run is kept in memory — export the session to keep it.`;
  return { fault: 'system', kind: 'storage', message };
}

type IndexedDBCheck = { ok: true } | { ok: false; reason: string };

/** Opens a throwaway database: private modes often expose `indexedDB` but fail on open. */
export function checkIndexedDB(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<IndexedDBCheck> {
  if (!factory) return Promise.resolve({ ok: false, reason: 'IndexedDB is not available in this browser.' });
  return new Promise((resolve) => {
    let req: IDBOpenDBRequest;
    try {
      req = factory.open('toolscope-probe');
    } catch (err) {
      resolve({ ok: false, reason: `IndexedDB cannot be opened (${nameOf(err) ?? 'error'}).` });
      return;
    }
    req.onsuccess = () => {
      req.result.close();
      // Leave nothing behind; the app's own database is opened later by Dexie.
      try {
        factory.deleteDatabase('toolscope-probe');
      } catch {
        /* the probe already answered */
      }
      resolve({ ok: true });
    };
    req.onerror = () => resolve({ ok: false, reason: `IndexedDB cannot be opened (${req.error?.name ?? 'error'}).` });
    req.onblocked = () => resolve({ ok: true });
  });
}
