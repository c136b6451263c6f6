import type { ToolscopeDB } from './database';
import type { ToolCallRecord } from './records';

const byStart = (a: ToolCallRecord, b: ToolCallRecord) =>
  (a.startedAt ?? Number.MAX_SAFE_INTEGER) - (b.startedAt ?? Number.MAX_SAFE_INTEGER) || a.turn - b.turn;

export async function listToolCalls(db: ToolscopeDB, sessionId: string): Promise<ToolCallRecord[]> {
  return (await db.toolCalls.where('sessionId').equals(sessionId).toArray()).sort(byStart);
}

export async function listRunToolCalls(db: ToolscopeDB, runId: string): Promise<ToolCallRecord[]> {
  return (await db.toolCalls.where('runId').equals(runId).toArray()).sort(byStart);
}

/** Rows for a model call id; more than one when a provider reused the id in another message. */
export function findToolCalls(db: ToolscopeDB, callId: string): Promise<ToolCallRecord[]> {
  return db.toolCalls.where('id').equals(callId).toArray();
}

export async function putToolCall(db: ToolscopeDB, row: ToolCallRecord): Promise<void> {
  await db.toolCalls.put(row);
}
