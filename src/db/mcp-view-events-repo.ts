import Dexie from 'dexie';
import type { ToolscopeDB } from './database';
import type { McpViewEventRecord } from '../domain/mcp-view-event';

export async function putMcpViewEvents(db: ToolscopeDB, events: readonly McpViewEventRecord[]): Promise<void> {
  if (events.length > 0) await db.mcpViewEvents.bulkPut([...events]);
}

/**
 * The same write, straight to IndexedDB, outside Dexie's change tracking: nothing reads this table live, and each
 * tracked write was checked against every open live query (many with Views on screen), which cost more main-thread
 * time than all the Views' starts together (docs/architecture.md, "MCP Apps"). Falls back to Dexie when closed.
 */
export async function putMcpViewEventsUntracked(db: ToolscopeDB, events: readonly McpViewEventRecord[]): Promise<void> {
  if (events.length === 0) return;
  if (!db.isOpen()) return putMcpViewEvents(db, events);
  const tx = db.backendDB().transaction('mcpViewEvents', 'readwrite');
  const store = tx.objectStore('mcpViewEvents');
  for (const e of events) store.put(e);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('the View events were not stored'));
    tx.onabort = () => reject(tx.error ?? new Error('the View events were not stored'));
  });
}

/** A session's View events, oldest first. */
export async function listSessionMcpViewEvents(db: ToolscopeDB, sessionId: string): Promise<McpViewEventRecord[]> {
  return (await db.mcpViewEvents.where('sessionId').equals(sessionId).toArray()).sort(
    (a, b) => a.at - b.at || a.seq - b.seq,
  );
}

/** Keeps only a View's latest `keep` events (a View flooding the host cannot grow the database without bound). */
export async function trimMcpViewEvents(
  db: ToolscopeDB,
  sessionId: string,
  callId: string,
  keep: number,
): Promise<void> {
  const range = db.mcpViewEvents
    .where('[sessionId+callId+seq]')
    .between([sessionId, callId, Dexie.minKey], [sessionId, callId, Dexie.maxKey]);
  const keys = await range.primaryKeys();
  if (keys.length > keep) await db.mcpViewEvents.bulkDelete(keys.slice(0, keys.length - keep));
}
