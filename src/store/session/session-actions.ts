import { db } from '../../db/database';
import { createSession, deleteSession, renameSession, type NewSession, type UndoHandle } from '../../db/sessions-repo';
import { isLiveStatus, type SessionEndpoint, type SessionRecord } from '../../domain/session';
import { create } from 'zustand';
import { useUiStore } from '../ui-store';
import { defaultsToSessionSettings, useSettingsStore } from '../settings/settings-store';
import { useRunStore } from '../run/run-store';
import { isRunLocked } from '../../db/run-lock';
import { classifyStorageError, type StorageErrorInfo } from '../../db/storage-errors';

type UndoToast = { id: number; title: string; handle: UndoHandle };

export const useUndoStore = create<{ toast: UndoToast | null; set: (t: UndoToast | null) => void }>()((set) => ({
  toast: null,
  set: (toast) => set({ toast }),
}));

/** Sessions on screen whose row is still being written, or whose write failed (then `write` resolves false). */
const unstored = new Map<string, { init: NewSession; write: Promise<boolean> }>();

function storeSession(init: NewSession & { id: string }): Promise<boolean> {
  const id = init.id;
  const write = createSession(db, init).then(
    () => {
      unstored.delete(id);
      dropStorageErrors(id);
      return true;
    },
    (err: unknown) => {
      dropStorageErrors(id);
      useRunStore.getState().pushSideError({ sessionId: id, error: newSessionError(err) });
      return false;
    },
  );
  unstored.set(id, { init, write });
  return write;
}

function newSessionError(err: unknown): StorageErrorInfo {
  const failure = classifyStorageError(err);
  const why =
    failure === 'quota'
      ? 'browser storage is full'
      : failure === 'unavailable'
        ? 'browser storage is unavailable'
        : `saving failed (${err instanceof Error ? err.name : 'unknown error'})`;
  return {
    fault: 'system',
    kind: 'storage',
    message: `The new session could not be stored: ${why}. What you type stays in the box; free space by deleting old sessions, then send again.`,
  };
}

function dropStorageErrors(sessionId: string): void {
  const store = useRunStore.getState();
  for (const e of store.sideErrors)
    if (e.sessionId === sessionId && e.error.kind === 'storage') store.dismissSideError(e);
}

/**
 * A new session takes the current defaults (model, limits, system prompt) as its own copy. The chat switches to it
 * at once, in the same task as the click: whatever is typed next lands in its Message box, not in the session left
 * behind. The row is written meanwhile; sending waits for it (sessionStored).
 */
export function newSession(opts: { focusComposer?: boolean } = {}): { id: string; stored: Promise<boolean> } {
  const d = useSettingsStore.getState().defaults;
  const id = crypto.randomUUID();
  const stored = storeSession({
    id,
    model: d.model,
    settings: defaultsToSessionSettings(d, useSettingsStore.getState().baseURL),
    now: Date.now(),
  });
  useUiStore.getState().selectSession(id, opts);
  useUiStore.getState().setTab('chat');
  return { id, stored };
}

/** True once the session's row is stored; a write that failed is tried again (space may have been freed). */
export async function sessionStored(id: string): Promise<boolean> {
  const pending = unstored.get(id);
  if (!pending) return true;
  if (await pending.write) return true;
  // It failed: try again now that the person sends (space may have been freed meanwhile).
  const left = unstored.get(id);
  return left ? storeSession({ ...left.init, id }) : true;
}

export function renameSessionTitle(id: string, title: string): Promise<boolean> {
  return renameSession(db, id, title);
}

let toastSeq = 0;

export async function removeSession(
  session: SessionRecord,
): Promise<'deleted' | 'running' | 'running_elsewhere' | 'not_found'> {
  if (isLiveStatus(useRunStore.getState().runs[session.id]?.status)) return 'running';
  // Another tab's run would go on writing rows for a session that no longer exists.
  if (await isRunLocked(session.id)) return 'running_elsewhere';
  const result = await deleteSession(db, session.id);
  if (!result.ok) return 'not_found';
  // Its MCP tasks: no longer followed, followed again on undo, cancelled once it is gone for good (loaded when needed).
  const handle =
    result.mcpTasks.length > 0
      ? (await import('../mcp/tasks/task-session-delete')).holdSessionTasks(session.id, result.mcpTasks, result.undo)
      : result.undo;
  const ui = useUiStore.getState();
  if (ui.currentSessionId === session.id) ui.selectSession(null);
  useUndoStore.getState().toast?.handle.dispose();
  useUndoStore.getState().set({ id: ++toastSeq, title: session.title, handle });
  return 'deleted';
}

export async function undoDelete(toast: UndoToast): Promise<boolean> {
  useUndoStore.getState().set(null);
  const ok = await toast.handle.undo();
  if (ok) useUiStore.getState().selectSession(toast.handle.sessionId);
  return ok;
}

export function updateSessionSettings(id: string, patch: Pick<SessionRecord, 'model' | 'settings'>): Promise<boolean> {
  // Changing settings is not activity: keep the list order.
  return db.sessions.update(id, patch).then((n) => n === 1);
}

/** The endpoint the session continues on (not activity: the list order stays). */
export function setSessionEndpoint(id: string, endpoint: SessionEndpoint): Promise<boolean> {
  return db.sessions.update(id, { endpoint }).then((n) => n === 1);
}
