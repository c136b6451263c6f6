import { db, DB_NAME } from '../../db/database';
import { backendDexieOptions } from '../../db/storage-backend';
import { SyncService } from '../../sync/sync-service';
import { SyncStateDB } from '../../sync/sync-state-db';
import { loadStorageConfig, type StorageConfig } from '../../sync/storage-config';
import { publishTitleConflicts } from './sync-shell';
import { settleFinishedRuns } from './sync-settles-runs';

let service: SyncService | null = null;

/** The page's one sync service over the app's database; made (and its earlier connection picked up) on first use. */
export function syncService(): SyncService {
  if (service === null) {
    const s = new SyncService(db, new SyncStateDB(`${DB_NAME}-sync`, backendDexieOptions()), location.origin);
    service = s;
    let rounds = 0;
    s.subscribe(() => {
      const view = s.current;
      if (view.rounds !== rounds) {
        rounds = view.rounds;
        if (view.received > 0) settleFinishedRuns();
      }
      publishTitleConflicts(new Map(view.conflicts.filter((c) => c.table === 'sessions').map((c) => [c.id, c.other])));
    });
    void s.init();
  }
  return service;
}

/** The storage settings saved on this device, to fill the form with. */
export function savedStorageConfig(): Promise<StorageConfig | null> {
  return loadStorageConfig(db);
}
