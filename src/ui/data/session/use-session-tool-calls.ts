import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { listToolCalls } from '../../../db/tool-calls-repo';
import type { ToolCallRecord } from '../../../db/records';

/** Every stored tool call of the session (status, timing, logs), live; undefined until the first read. */
export function useSessionToolCalls(sessionId: string): ToolCallRecord[] | undefined {
  return useLiveQuery(() => listToolCalls(db, sessionId), [sessionId]);
}
