import { forkEnd } from '../domain/branches';
import type { ChatMessage } from '../domain/messages';
import { zeroUsage } from '../domain/messages';
import type { SessionRecord } from '../domain/session';
import { type ToolscopeDB, sessionTables } from './database';
import { fromMessageRecord, loadPathRecords, toMessageRecord } from './messages-repo';
import type { MessageRecord, ToolCallRecord } from './records';

type ForkOptions = { newId?: () => string; now?: number };

/**
 * A new session holding the source's active path up to `messageId` (with that message's tool results, so no
 * call is left open), its model, endpoint and every per-session setting, and a link back. Messages get fresh ids (ids are unique across
 * sessions); their tool call rows follow. Runs and events stay with the source: the fork's timeline starts empty.
 */
export async function forkSession(
  db: ToolscopeDB,
  sourceId: string,
  messageId: string,
  opts: ForkOptions = {},
): Promise<SessionRecord | null> {
  const newId = opts.newId ?? (() => crypto.randomUUID());
  const now = opts.now ?? Date.now();
  return db.transaction('rw', sessionTables(db), async () => {
    const source = await db.sessions.get(sourceId);
    if (!source) return null;
    const path = (await loadPathRecords(db, sourceId)).filter(
      (r) => !(r.role === 'assistant' && r.status === 'streaming'),
    );
    const index = path.findIndex((r) => r.id === messageId);
    if (index < 0) return null;
    const kept = path.slice(0, forkEnd(path, index) + 1);
    const ids = new Map(kept.map((r) => [r.id, newId()]));
    const id = newId();
    const copy = (m: ChatMessage): ChatMessage => {
      const fresh = ids.get(m.id) ?? newId();
      if (m.role === 'system' && m.summaryOf)
        return { ...m, id: fresh, summaryOf: m.summaryOf.flatMap((x) => ids.get(x) ?? []) };
      return { ...m, id: fresh };
    };
    const messages: MessageRecord[] = kept.map((r, order) => toMessageRecord(id, order, copy(fromMessageRecord(r))));
    const rows = await db.toolCalls
      .where('sessionId')
      .equals(sourceId)
      .filter((c) => ids.has(c.messageId))
      .toArray();
    const toolCalls: ToolCallRecord[] = rows.map((c) => ({
      ...c,
      sessionId: id,
      messageId: ids.get(c.messageId) ?? c.messageId,
    }));
    const session: SessionRecord = {
      id,
      title: `${source.title} (fork)`,
      model: source.model,
      status: 'idle',
      createdAt: now,
      updatedAt: now,
      messageCount: messages.length,
      toolCallCount: messages.reduce((n, m) => n + (m.role === 'assistant' ? m.toolCalls.length : 0), 0),
      usage: zeroUsage(),
      settings: structuredClone(source.settings),
      // The fork talks to the same endpoint as its source, so its first request goes where the copied history came from.
      ...(source.endpoint ? { endpoint: { ...source.endpoint } } : {}),
      forkedFrom: { sessionId: sourceId, messageId, title: source.title },
    };
    await db.sessions.add(session);
    await db.messages.bulkAdd(messages);
    await db.toolCalls.bulkAdd(toolCalls);
    return session;
  });
}
