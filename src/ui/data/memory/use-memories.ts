import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { listMemories } from '../../../db/memories-repo';
import type { MemoryRecord } from '../../../db/records';

/** Every long-term memory, most recently updated first, live; undefined until the first read. */
export function useMemories(): MemoryRecord[] | undefined {
  return useLiveQuery(() => listMemories(db), []);
}
