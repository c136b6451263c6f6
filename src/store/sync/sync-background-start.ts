import { db } from '../../db/database';

/**
 * Background sync after a reload (architecture.md, "Sync and backup"): on a device where sync is on (the app
 * database's sync flag, set by the first round), the engine loads once the page is idle and its rounds start,
 * without the panel being opened. Elsewhere nothing loads.
 */
export function startSyncWhenIdle(): void {
  if (db.syncFlag.get() === null) return;
  const start = () => void import('./sync-service-instance').then((m) => m.syncService());
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 500);
}
