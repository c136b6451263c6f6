import { db, DB_NAME } from '../../db/database';
import { backendDexieOptions } from '../../db/storage-backend';
import { SyncService } from '../../sync/sync-service';
import { SyncStateDB } from '../../sync/sync-state-db';
import { loadStorageConfig, type StorageConfig } from '../../sync/storage-config';

let service: SyncService | null = null;

/** The page's one sync service over the app's database; made (and its earlier connection picked up) on first use. */
export function syncService(): SyncService {
  if (service === null) {
    service = new SyncService(db, new SyncStateDB(`${DB_NAME}-sync`, backendDexieOptions()), location.origin);
    void service.init();
  }
  return service;
}

/** The storage settings saved on this device, to fill the form with. */
export function savedStorageConfig(): Promise<StorageConfig | null> {
  return loadStorageConfig(db);
}
