/** Test-only: a simulated device, an app database and sync state on one fake IndexedDB. */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openToolscopeDB, type ToolscopeDB } from '../../db/database';
import type { BlobStore } from '../blob-store';
import { connectVault } from '../connect-vault';
import { syncRound, type RoundOptions, type RoundReport } from '../sync-round';
import { SyncStateDB } from '../sync-state-db';
import type { VaultKey } from '../vault-crypto';

export type TestDevice = {
  db: ToolscopeDB;
  state: SyncStateDB;
  key: VaultKey;
  sync: (extra?: Partial<RoundOptions>) => Promise<RoundReport>;
};

export async function testDevice(
  store: BlobStore,
  passphrase = 'test passphrase',
  base: Partial<RoundOptions> = {},
): Promise<TestDevice> {
  const factory = new IDBFactory();
  const db = openToolscopeDB('app', { indexedDB: factory, IDBKeyRange });
  const state = new SyncStateDB('app-sync', { indexedDB: factory, IDBKeyRange });
  const { key } = await connectVault(store, passphrase, 1000);
  return { db, state, key, sync: (extra = {}) => syncRound({ db, state, store, key, ...base, ...extra }) };
}
