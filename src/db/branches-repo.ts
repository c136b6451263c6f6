import {
  addBranch,
  branchStateOf,
  dropBranch,
  ownerIndex,
  pathIds,
  ROOT_BRANCH,
  type BranchMessages,
  type BranchState,
} from '../domain/branches';
import type { SessionRecord } from '../domain/session';
import type { ToolscopeDB } from './database';
import { branchMessages, listMessages, listPathIds, loadBranchMessages } from './messages-repo';

/** A session's branch structure read from the indexes alone: no message record is deserialized. */
type BranchSkeleton = { state: BranchState; own: BranchMessages; path: string[] };

/** The session's branches and its active path (ids); null when the session is gone. */
export async function loadSkeleton(db: ToolscopeDB, sessionId: string): Promise<BranchSkeleton | null> {
  const session = await db.sessions.get(sessionId);
  if (!session) return null;
  const state = branchStateOf(session);
  const own = await loadBranchMessages(db, session);
  return { state, own, path: pathIds(state, own) };
}

/** The ids on the active path, in order (all ids of a straight session). */
export async function loadActivePath(db: ToolscopeDB, sessionId: string): Promise<string[]> {
  return (await loadSkeleton(db, sessionId))?.path ?? [];
}

/**
 * Makes a new branch after `forkMessageId` (null: from the start) the active one, so the next run writes there.
 * Returns the branch id and the branch that was active before (to return to if the run writes nothing).
 */
export async function startBranch(
  db: ToolscopeDB,
  sessionId: string,
  forkMessageId: string | null,
  opts: { id?: string; now?: number } = {},
): Promise<{ branchId: string; previous: string } | null> {
  return db.transaction('rw', db.sessions, db.messages, async () => {
    const session = await db.sessions.get(sessionId);
    if (!session) return null;
    const state = branchStateOf(session);
    const owner = ownerIndex(await loadBranchMessages(db, session));
    const id = opts.id ?? crypto.randomUUID();
    const next = addBranch(state, owner, forkMessageId, id, opts.now ?? Date.now());
    await db.sessions.update(sessionId, { branches: [...next.branches], activeBranchId: next.activeBranchId });
    return { branchId: id, previous: state.activeBranchId };
  });
}

/** Shows (and continues) another branch. Not activity: the list order stays. */
export async function switchBranch(db: ToolscopeDB, sessionId: string, branchId: string): Promise<boolean> {
  return db.transaction('rw', db.sessions, async () => {
    const session = await db.sessions.get(sessionId);
    if (!session) return false;
    const known = branchId === ROOT_BRANCH || (session.branches ?? []).some((b) => b.id === branchId);
    if (!known) return false;
    await db.sessions.update(sessionId, { activeBranchId: branchId });
    return true;
  });
}

/** A branch whose run stored no message is removed again, and `previous` shown: a stopped edit leaves no trace. */
export async function dropEmptyBranch(
  db: ToolscopeDB,
  sessionId: string,
  branchId: string,
  previous: string,
): Promise<boolean> {
  return db.transaction('rw', db.sessions, db.messages, async () => {
    const session = await db.sessions.get(sessionId);
    if (!session || !(session.branches ?? []).some((b) => b.id === branchId)) return false;
    if ((await branchMessages(db, sessionId, branchId).count()) > 0) return false;
    if ((session.branches ?? []).some((b) => b.parentId === branchId)) return false;
    const next = dropBranch(branchStateOf(session), branchId, previous);
    await db.sessions.update(sessionId, { branches: [...next.branches], activeBranchId: next.activeBranchId });
    return true;
  });
}

/** The branch new messages of the session go to (absent: the root, which stores no branchId). */
export function branchForWrites(session: Pick<SessionRecord, 'activeBranchId'> | undefined): string | undefined {
  const id = session?.activeBranchId;
  return id === undefined || id === ROOT_BRANCH ? undefined : id;
}

/**
 * Runs whose messages are all off the active path (on other branches): the timeline hides them unless asked.
 * Empty for a straight session, read without touching its messages.
 */
export async function runsOffPath(db: ToolscopeDB, sessionId: string): Promise<Set<string>> {
  const session = await db.sessions.get(sessionId);
  if (!session?.branches?.length) return new Set();
  const [records, path] = await Promise.all([listMessages(db, sessionId), listPathIds(db, sessionId)]);
  const onPath = new Set(path);
  const shown = new Set<string>();
  const off = new Set<string>();
  for (const r of records) {
    if (r.role !== 'assistant' && r.role !== 'tool') continue;
    (onPath.has(r.id) ? shown : off).add(r.runId);
  }
  for (const id of shown) off.delete(id);
  return off;
}
