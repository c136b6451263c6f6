/**
 * FROZEN: the version-1 schema exactly as shipped. Never edit this file — databases written by it exist in
 * users' browsers. The version chain in database.ts starts from it, and the upgrade test writes a v1 database with it.
 */
import type Dexie from 'dexie';
import type { Usage } from '../../domain/messages';
import type { ErrorInfo } from '../../domain/error-info';
import type { SessionSettings, SessionStatus } from '../../domain/session';

export const SCHEMA_V1 = Object.freeze({
  sessions: 'id, updatedAt, title',
  messages: 'id, [sessionId+order]',
  // A model's call id is only unique within its assistant message (mock servers and some providers reuse ids).
  toolCalls: '[messageId+id], id, sessionId, runId',
  runs: 'id, sessionId',
  events: '[runId+seq], sessionId',
  tools: 'id, &name',
  settings: 'key',
  secrets: 'key',
});

/** A session row as version 1 wrote it: no toolCallCount yet. */
export type SessionRecordV1 = {
  id: string;
  title: string;
  model: string;
  status: SessionStatus;
  createdAt: number;
  updatedAt: number;
  messageCount: number;
  usage: Usage;
  settings: SessionSettings;
  lastError?: ErrorInfo;
};

export function declareV1(db: Dexie): void {
  db.version(1).stores(SCHEMA_V1);
}
