import { zeroUsage } from '../domain/messages';
import { type ToolscopeDB, sessionTables } from './database';
import type { ToolSetRecord } from '../domain/offered-tools';
import { sessionMessages } from './messages-repo';
import type { McpTaskRecord } from '../domain/mcp-task';
import type { EventRecord, MessageRecord, RunRecord, ToolCallRecord, WireExchangeRecord } from './records';
import {
  isOwnSession,
  type EvalRunMark,
  type SessionEndpoint,
  type SessionRecord,
  type SessionSettings,
} from '../domain/session';
import type { McpViewEventRecord } from '../domain/mcp-view-event';

export type NewSession = {
  id?: string;
  title?: string;
  model: string;
  settings?: SessionSettings;
  endpoint?: SessionEndpoint;
  evalRun?: EvalRunMark;
  now?: number;
};

export const DEFAULT_TITLE = 'New session';

export async function createSession(db: ToolscopeDB, init: NewSession): Promise<SessionRecord> {
  const now = init.now ?? Date.now();
  const record: SessionRecord = {
    id: init.id ?? crypto.randomUUID(),
    title: init.title ?? DEFAULT_TITLE,
    model: init.model,
    status: 'idle',
    createdAt: now,
    updatedAt: now,
    messageCount: 0,
    toolCallCount: 0,
    usage: zeroUsage(),
    settings: init.settings ?? {},
    ...(init.endpoint ? { endpoint: init.endpoint } : {}),
    ...(init.evalRun ? { evalRun: init.evalRun } : {}),
  };
  await db.sessions.add(record);
  return record;
}

export function getSession(db: ToolscopeDB, id: string): Promise<SessionRecord | undefined> {
  return db.sessions.get(id);
}

/** Renaming is not activity: updatedAt (the list order) stays. */
export async function renameSession(db: ToolscopeDB, id: string, title: string): Promise<boolean> {
  return (await db.sessions.update(id, { title: title.trim() || DEFAULT_TITLE })) === 1;
}

type ListOptions = {
  limit?: number;
  offset?: number /** Sessions made by suite runs too (left out by default). */;
  testRuns?: boolean;
};

/** The person's own sessions (domain/session.ts, isOwnSession), most recently active first; a suite run's too when asked. */
export function ownSessions(db: ToolscopeDB, testRuns = false) {
  return db.sessions
    .orderBy('updatedAt')
    .reverse()
    .filter((s) => isOwnSession(s, testRuns));
}

/** Most recently active first; a suite run's sessions only when asked (architecture.md, "Test cases and suites"). */
export function listSessions(db: ToolscopeDB, opts: ListOptions = {}): Promise<SessionRecord[]> {
  let query = ownSessions(db, opts.testRuns === true);
  query = query.offset(opts.offset ?? 0);
  if (opts.limit !== undefined) query = query.limit(opts.limit);
  return query.toArray();
}

/** Case-insensitive substring match on the title, most recently active first; test runs as in listSessions. */
export function searchSessions(db: ToolscopeDB, text: string, limit = 100, testRuns = false): Promise<SessionRecord[]> {
  const needle = text.trim().toLowerCase();
  if (!needle) return listSessions(db, { limit, testRuns });
  return ownSessions(db, testRuns)
    .filter((s) => s.title.toLowerCase().includes(needle))
    .limit(limit)
    .toArray();
}

type SessionPatch = Partial<Omit<SessionRecord, 'id' | 'createdAt'>>;

/** Sets updatedAt to now unless the patch carries one. */
export async function updateSession(
  db: ToolscopeDB,
  id: string,
  patch: SessionPatch,
  now = Date.now(),
): Promise<boolean> {
  return (await db.sessions.update(id, { updatedAt: now, ...patch })) === 1;
}

type SessionSnapshot = {
  session: SessionRecord;
  messages: MessageRecord[];
  toolCalls: ToolCallRecord[];
  runs: RunRecord[];
  events: EventRecord[];
  /** The session's MCP task lanes (absent in snapshots taken before they existed). */
  mcpTasks?: McpTaskRecord[];
  /** What the session's MCP App Views did (the timeline's View lane). */
  viewEvents?: McpViewEventRecord[];
  /** The tool sets its requests offered (architecture.md, "Offered tool sets"). */
  toolSets?: ToolSetRecord[];
  /** Its raw traffic (docs/wire-capture.md). */
  wireExchanges?: WireExchangeRecord[];
};

export type UndoHandle = {
  readonly sessionId: string;
  readonly expiresAt: number;
  /** Restores everything in one transaction; false once expired or already used. */
  undo(): Promise<boolean>;
  /** Drops the snapshot early (e.g. the toast was dismissed). */
  dispose(): void;
};

/** `mcpTasks`: the session's MCP task rows as they were deleted (their tasks may still run on their servers). */
type DeleteResult = { ok: true; undo: UndoHandle; mcpTasks: McpTaskRecord[] } | { ok: false; reason: 'not_found' };

const UNDO_WINDOW_MS = 8000;

export async function deleteSession(
  db: ToolscopeDB,
  id: string,
  opts: { undoWindowMs?: number; now?: () => number } = {},
): Promise<DeleteResult> {
  const now = opts.now ?? Date.now;
  const snapshot = await db.transaction('rw', [...sessionTables(db), db.mcpTasks], async () => {
    const session = await db.sessions.get(id);
    if (!session) return null;
    const messages = sessionMessages(db, id);
    const toolCalls = db.toolCalls.where('sessionId').equals(id);
    const runs = db.runs.where('sessionId').equals(id);
    const events = db.events.where('sessionId').equals(id);
    const tasks = db.mcpTasks.where('sessionId').equals(id);
    const viewEvents = db.mcpViewEvents.where('sessionId').equals(id);
    const toolSets = db.toolSets.where('sessionId').equals(id);
    const exchanges = db.wireExchanges.where('sessionId').equals(id);
    const snap: SessionSnapshot = {
      session,
      messages: await messages.toArray(),
      toolCalls: await toolCalls.toArray(),
      runs: await runs.toArray(),
      events: await events.toArray(),
      mcpTasks: await tasks.toArray(),
      viewEvents: await viewEvents.toArray(),
      toolSets: await toolSets.toArray(),
      wireExchanges: await exchanges.toArray(),
    };
    await Promise.all([
      messages.delete(),
      toolCalls.delete(),
      runs.delete(),
      events.delete(),
      tasks.delete(),
      viewEvents.delete(),
      toolSets.delete(),
      exchanges.delete(),
      db.sessions.delete(id),
    ]);
    return snap;
  });
  if (!snapshot) return { ok: false, reason: 'not_found' };
  return {
    ok: true,
    undo: makeUndo(db, snapshot, now() + (opts.undoWindowMs ?? UNDO_WINDOW_MS), now),
    mcpTasks: snapshot.mcpTasks ?? [],
  };
}

function makeUndo(db: ToolscopeDB, snapshot: SessionSnapshot, expiresAt: number, now: () => number): UndoHandle {
  let held: SessionSnapshot | null = snapshot;
  return {
    sessionId: snapshot.session.id,
    expiresAt,
    async undo() {
      const snap = held;
      if (!snap) return false;
      if (now() > expiresAt) {
        held = null;
        return false;
      }
      // Kept until the restore commits, so a failed restore can be retried.
      await restoreSnapshot(db, snap);
      held = null;
      return true;
    },
    dispose() {
      held = null;
    },
  };
}

async function restoreSnapshot(db: ToolscopeDB, snap: SessionSnapshot): Promise<void> {
  await db.transaction('rw', [...sessionTables(db), db.mcpTasks], async () => {
    await db.sessions.put(snap.session);
    await db.messages.bulkPut(snap.messages);
    await db.toolCalls.bulkPut(snap.toolCalls);
    await db.runs.bulkPut(snap.runs);
    await db.events.bulkPut(snap.events);
    if (snap.mcpTasks !== undefined) await db.mcpTasks.bulkPut(snap.mcpTasks);
    if (snap.viewEvents !== undefined) await db.mcpViewEvents.bulkPut(snap.viewEvents);
    if (snap.toolSets !== undefined) await db.toolSets.bulkPut(snap.toolSets);
    if (snap.wireExchanges !== undefined) await db.wireExchanges.bulkPut(snap.wireExchanges);
  });
}
