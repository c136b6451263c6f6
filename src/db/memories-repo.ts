import type { ToolscopeDB } from './database';
import type { MemoryRecord } from './records';

type NewMemory = {
  text: string;
  sourceSessionId?: string | null;
  embedding?: number[] | null;
  embeddingModel?: string | null;
  id?: string;
  now?: number;
};

/** Most recently updated first. */
export function listMemories(db: ToolscopeDB): Promise<MemoryRecord[]> {
  return db.memories.orderBy('updatedAt').reverse().toArray();
}

export async function addMemory(db: ToolscopeDB, m: NewMemory): Promise<MemoryRecord> {
  const now = m.now ?? Date.now();
  const record: MemoryRecord = {
    id: m.id ?? crypto.randomUUID(),
    text: m.text,
    createdAt: now,
    updatedAt: now,
    sourceSessionId: m.sourceSessionId ?? null,
    embedding: m.embedding ?? null,
    embeddingModel: m.embeddingModel ?? null,
  };
  await db.memories.add(record);
  return record;
}

/** Changing the text drops a stale embedding unless a new one is given. */
export async function updateMemory(
  db: ToolscopeDB,
  id: string,
  patch: { text?: string; embedding?: number[] | null; embeddingModel?: string | null },
  now = Date.now(),
): Promise<boolean> {
  const changes: Partial<MemoryRecord> = { ...patch, updatedAt: now };
  if (patch.text !== undefined && patch.embedding === undefined) {
    changes.embedding = null;
    changes.embeddingModel = null;
  }
  return (await db.memories.update(id, changes)) === 1;
}

export async function deleteMemory(db: ToolscopeDB, id: string): Promise<void> {
  await db.memories.delete(id);
}
