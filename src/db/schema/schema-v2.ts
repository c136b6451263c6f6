import type { Transaction } from 'dexie';
import type { SessionRecordV1 } from './schema-v1';

/** v2: memories table, a sessions.status index (crash recovery finds live sessions) and sessions.toolCallCount. */
export const SCHEMA_V2_CHANGES = Object.freeze({
  sessions: 'id, updatedAt, title, status',
  memories: 'id, updatedAt',
});

/** Backfills toolCallCount from the toolCalls table, which v1 already kept per session. */
export async function upgradeToV2(tx: Transaction): Promise<void> {
  const counts = new Map<string, number>();
  await tx
    .table('toolCalls')
    .toCollection()
    .each((row: { sessionId: string }) => {
      counts.set(row.sessionId, (counts.get(row.sessionId) ?? 0) + 1);
    });
  await tx
    .table('sessions')
    .toCollection()
    .modify((session: SessionRecordV1 & { toolCallCount?: number }) => {
      session.toolCallCount = counts.get(session.id) ?? 0;
    });
}
