/**
 * Background sync after a reload: a device that connected once keeps syncing from the first page load, loading
 * the engine only then. The mark says no more than "connected here"; credentials stay in the database.
 */
const MARK = 'toolscope-sync-connected';

export function markSyncConnected(): void {
  try {
    localStorage.setItem(MARK, '1');
  } catch {
    // Storage refused (private mode): sync starts when the panel is opened instead.
  }
}

let started = false;

export function startSyncIfConnected(): void {
  if (started) return;
  started = true;
  if (readMark() !== null) void import('../data/sync-service-instance').then((m) => m.syncService());
}

function readMark(): string | null {
  try {
    return localStorage.getItem(MARK);
  } catch {
    return null;
  }
}
