import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { listTraceSources } from '../../../db/traces-repo';
import type { TraceSourceRecord } from '../../../domain/trace-inbox';
import { loadStorageConfig } from '../../../sync/storage-config';

/** The trace sources (live: a check writes when it last read each). */
export function useTraceSources(): TraceSourceRecord[] | undefined {
  return useLiveQuery(() => listTraceSources(db), []);
}

/** Whether Sync and backup has a storage set, for the "Trace source" dialog's last kind. */
export function useSyncStorageSet(): boolean {
  return useLiveQuery(async () => (await loadStorageConfig(db)) !== null, [], false);
}
