import type { ToolscopeDB } from './database';
import type { McpTaskRecord } from '../domain/mcp-task';

export async function putMcpTask(db: ToolscopeDB, task: McpTaskRecord): Promise<void> {
  await db.mcpTasks.put(task);
}

/** Applies a change to a stored task; a task that is not stored (deleted with its session) stays gone. */
export async function updateMcpTask(
  db: ToolscopeDB,
  callId: string,
  changes: Partial<Omit<McpTaskRecord, 'callId'>>,
  now = Date.now(),
): Promise<void> {
  await db.mcpTasks.update(callId, { ...changes, updatedAt: now });
}

export async function getMcpTask(db: ToolscopeDB, callId: string): Promise<McpTaskRecord | undefined> {
  return db.mcpTasks.get(callId);
}

/** A session's tasks, oldest first. */
export async function listSessionMcpTasks(db: ToolscopeDB, sessionId: string): Promise<McpTaskRecord[]> {
  return (await db.mcpTasks.where('sessionId').equals(sessionId).toArray()).sort((a, b) => a.createdAt - b.createdAt);
}

export async function deleteSessionMcpTasks(db: ToolscopeDB, sessionId: string): Promise<void> {
  await db.mcpTasks.where('sessionId').equals(sessionId).delete();
}
