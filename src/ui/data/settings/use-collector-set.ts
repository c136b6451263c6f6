import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { collectorIsSet } from '../../../db/collector-repo';

/** Whether a Collector URL is set; false until read. */
export function useCollectorSet(): boolean {
  return useLiveQuery(() => collectorIsSet(db), [], false);
}
