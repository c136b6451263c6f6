import Dexie from 'dexie';
import { branchStateOf, pathIds, ROOT_BRANCH, type BranchMessages } from '../domain/branches';
import type { ChatMessage } from '../domain/messages';
import type { SessionRecord } from '../domain/session';
import type { ToolscopeDB } from './database';
import type { MessageRecord } from './records';

/** `branchId`: the branch the message belongs to; absent or ROOT_BRANCH: the root, which stores none. */
export function toMessageRecord(
  sessionId: string,
  order: number,
  message: ChatMessage,
  branchId?: string,
): MessageRecord {
  return branchId === undefined || branchId === ROOT_BRANCH
    ? { ...message, sessionId, order }
    : { ...message, sessionId, order, branchId };
}

export function fromMessageRecord(record: MessageRecord): ChatMessage {
  const { sessionId: _s, order: _o, branchId: _b, ...message } = record;
  return message;
}

export function sessionMessages(db: ToolscopeDB, sessionId: string) {
  return db.messages.where('[sessionId+order]').between([sessionId, Dexie.minKey], [sessionId, Dexie.maxKey]);
}

/** The ids of a session's messages in conversation order, read from the index alone (no record is deserialized). */
async function listMessageIds(db: ToolscopeDB, sessionId: string): Promise<string[]> {
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

function branchRange(db: ToolscopeDB, sessionId: string, branchId: string) {
  return db.messages
    .where('[sessionId+branchId+order]')
    .between([sessionId, branchId, Dexie.minKey], [sessionId, branchId, Dexie.maxKey]);
}

/** A branch's own messages (never the root's, which name no branch). */
export function branchMessages(db: ToolscopeDB, sessionId: string, branchId: string) {
  return branchRange(db, sessionId, branchId);
}

/**
 * Each branch's own message ids in order, read from the indexes alone. A straight session costs one index read,
 * as before branches; a branched one adds one keys-only range read per branch (root = all minus the branches').
 */
export async function loadBranchMessages(
  db: ToolscopeDB,
  session: Pick<SessionRecord, 'id' | 'branches'>,
): Promise<BranchMessages> {
  const all = (await sessionMessages(db, session.id).primaryKeys()) as string[];
  const branches = session.branches ?? [];
  if (branches.length === 0) return new Map([[ROOT_BRANCH, all]]);
  const lists = await Promise.all(
    branches.map((b) => branchRange(db, session.id, b.id).primaryKeys() as Promise<string[]>),
  );
  const own = new Map<string, string[]>();
  const taken = new Set<string>();
  branches.forEach((b, i) => {
    const ids = lists[i] ?? [];
    own.set(b.id, ids);
    for (const id of ids) taken.add(id);
  });
  own.set(ROOT_BRANCH, taken.size === 0 ? all : all.filter((id) => !taken.has(id)));
  return own;
}

/** The ids on the session's active path in order, from the indexes alone (all ids of a straight session). */
export async function listPathIds(db: ToolscopeDB, sessionId: string): Promise<string[]> {
  // No messages, no path to work out: a session whose row is still being written (New session) shows as empty at once.
  const ids = await listMessageIds(db, sessionId);
  if (ids.length === 0) return ids;
  const session = await db.sessions.get(sessionId);
  if (!session?.branches?.length) return ids;
  return pathIds(branchStateOf(session), await loadBranchMessages(db, session));
}

/** The records on the session's active path, in order (every record of a straight session). */
export async function loadPathRecords(db: ToolscopeDB, sessionId: string): Promise<MessageRecord[]> {
  const session = await db.sessions.get(sessionId);
  if (!session) return [];
  if (!session.branches?.length) return listMessages(db, sessionId);
  const ids = pathIds(branchStateOf(session), await loadBranchMessages(db, session));
  return (await db.messages.bulkGet(ids)).filter((r): r is MessageRecord => r !== undefined);
}

/**
 * The history to continue a conversation from: the active path only (architecture.md, "Branches"); a partial
 * still marked streaming (a live run elsewhere) is left out; a task result that arrived after its call's run ended
 * takes the place of the call's interrupted result (architecture.md, "MCP Tasks").
 */
export async function loadHistory(db: ToolscopeDB, sessionId: string): Promise<ChatMessage[]> {
  const [records, late] = await Promise.all([
    loadPathRecords(db, sessionId),
    db.mcpTasks
      .where('sessionId')
      .equals(sessionId)
      .filter((t) => t.lateResult !== undefined)
      .toArray(),
  ]);
  const history = records.filter((r) => !(r.role === 'assistant' && r.status === 'streaming')).map(fromMessageRecord);
  if (late.length === 0) return history;
  // Rare, so loaded when needed: nothing of it in the first page load.
  const { lateResultsOf, withLateToolResults } = await import('../domain/late-tool-results');
  return withLateToolResults(history, lateResultsOf(late));
}

export async function nextOrder(db: ToolscopeDB, sessionId: string): Promise<number> {
  const last = await sessionMessages(db, sessionId).last();
  return last ? Math.floor(last.order) + 1 : 0;
}

/** Appends outside a run (e.g. a user edit); runs go through the persister. */
export async function appendMessage(db: ToolscopeDB, sessionId: string, message: ChatMessage): Promise<MessageRecord> {
  return db.transaction('rw', db.messages, db.sessions, async () => {
    const session = await db.sessions.get(sessionId);
    const record = toMessageRecord(sessionId, await nextOrder(db, sessionId), message, session?.activeBranchId);
    await db.messages.put(record);
    const count = await sessionMessages(db, sessionId)
      .filter((m) => !(m.role === 'assistant' && m.status === 'streaming'))
      .count();
    await db.sessions.update(sessionId, { messageCount: count, updatedAt: message.createdAt });
    return record;
  });
}
