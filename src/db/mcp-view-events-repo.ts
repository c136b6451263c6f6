import Dexie from 'dexie';
import type { ToolscopeDB } from './database';
import type { McpViewEventRecord } from '../domain/mcp-view-event';

export async function putMcpViewEvents(db: ToolscopeDB, events: readonly McpViewEventRecord[]): Promise<void> {
  if (events.length > 0) await db.mcpViewEvents.bulkPut([...events]);
}

/** A session's View events, oldest first. */
export async function listSessionMcpViewEvents(db: ToolscopeDB, sessionId: string): Promise<McpViewEventRecord[]> {
  return (await db.mcpViewEvents.where('sessionId').equals(sessionId).toArray()).sort((a, b) => a.at - b.at || a.seq - b.seq);
}

/** Keeps only a View's latest `keep` events (a View flooding the host cannot grow the database without bound). */
export async function trimMcpViewEvents(db: ToolscopeDB, sessionId: string, callId: string, keep: number): Promise<void> {
  const range = db.mcpViewEvents.where('[sessionId+callId+seq]').between([sessionId, callId, Dexie.minKey], [sessionId, callId, Dexie.maxKey]);
  const keys = await range.primaryKeys();
  if (keys.length > keep) await db.mcpViewEvents.bulkDelete(keys.slice(0, keys.length - keep));
}
