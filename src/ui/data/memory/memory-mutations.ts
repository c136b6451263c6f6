import { db } from '../../../db/database';
import {
  addMemory as addStoredMemory,
  deleteMemory as deleteStoredMemory,
  updateMemory,
} from '../../../db/memories-repo';
import type { MemoryRecord } from '../../../db/records';

/** Stores a memory typed by hand or taken from a message (`sourceSessionId`). */
export function rememberText(text: string, sourceSessionId?: string): Promise<MemoryRecord> {
  return addStoredMemory(db, { text, ...(sourceSessionId !== undefined ? { sourceSessionId } : {}) });
}

/** New text drops the memory's stale embedding (db/memories-repo.ts). */
export function editMemoryText(id: string, text: string): Promise<boolean> {
  return updateMemory(db, id, { text });
}

export function forgetMemory(id: string): Promise<void> {
  return deleteStoredMemory(db, id);
}
