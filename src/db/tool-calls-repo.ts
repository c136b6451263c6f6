import type { ToolscopeDB } from './database';
import type { ToolCallRecord } from './records';

const byStart = (a: ToolCallRecord, b: ToolCallRecord) =>
  (a.startedAt ?? Number.MAX_SAFE_INTEGER) - (b.startedAt ?? Number.MAX_SAFE_INTEGER) || a.turn - b.turn;

export async function listToolCalls(db: ToolscopeDB, sessionId: string): Promise<ToolCallRecord[]> {
  return (await db.toolCalls.where('sessionId').equals(sessionId).toArray()).sort(byStart);
}
