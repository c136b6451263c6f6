import Dexie from 'dexie';
import type { ChatMessage } from '../domain/messages';
import type { ToolscopeDB } from './database';
import type { MessageRecord } from './records';

export function toMessageRecord(sessionId: string, order: number, message: ChatMessage): MessageRecord {
  return { ...message, sessionId, order };
}

export function fromMessageRecord(record: MessageRecord): ChatMessage {
  const { sessionId: _s, order: _o, ...message } = record;
  return message;
}

export function sessionMessages(db: ToolscopeDB, sessionId: string) {
  return db.messages.where('[sessionId+order]').between([sessionId, Dexie.minKey], [sessionId, Dexie.maxKey]);
}

/** The ids of a session's messages in conversation order, read from the index alone (no record is deserialized). */
export async function listMessageIds(db: ToolscopeDB, sessionId: string): Promise<string[]> {
  return (await sessionMessages(db, sessionId).primaryKeys()) as string[];
}

/** The messages with these ids, in the same order; undefined where one is gone. */
export function getMessages(db: ToolscopeDB, ids: readonly string[]): Promise<(MessageRecord | undefined)[]> {
  return db.messages.bulkGet([...ids]);
}

/** All stored messages in conversation order, including a live or interrupted partial. */
export function listMessages(db: ToolscopeDB, sessionId: string): Promise<MessageRecord[]> {
  return sessionMessages(db, sessionId).toArray();
}

/** The history to continue a conversation from: a partial still marked streaming (a live run elsewhere) is left out. */
export async function loadHistory(db: ToolscopeDB, sessionId: string): Promise<ChatMessage[]> {
  const records = await listMessages(db, sessionId);
  return records.filter((r) => !(r.role === 'assistant' && r.status === 'streaming')).map(fromMessageRecord);
}

export async function nextOrder(db: ToolscopeDB, sessionId: string): Promise<number> {
  const last = await sessionMessages(db, sessionId).last();
  return last ? Math.floor(last.order) + 1 : 0;
}

/** Appends outside a run (e.g. a user edit); runs go through the persister. */
export async function appendMessage(db: ToolscopeDB, sessionId: string, message: ChatMessage): Promise<MessageRecord> {
  return db.transaction('rw', db.messages, db.sessions, async () => {
    const record = toMessageRecord(sessionId, await nextOrder(db, sessionId), message);
    await db.messages.put(record);
    const count = await sessionMessages(db, sessionId)
      .filter((m) => !(m.role === 'assistant' && m.status === 'streaming'))
      .count();
    await db.sessions.update(sessionId, { messageCount: count, updatedAt: message.createdAt });
    return record;
  });
}
