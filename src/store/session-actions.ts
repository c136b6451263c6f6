import { db } from '../db/database';
import { createSession, deleteSession, renameSession, updateSession, type UndoHandle } from '../db/sessions-repo';
import type { SessionRecord } from '../db/records';
import { create } from 'zustand';
import { useUiStore } from './ui-store';
import { defaultsToSessionSettings, useSettingsStore } from './settings-store';
import { useRunStore } from './run-store';
import { isActiveStatus } from './session-status';
import { isRunLocked } from '../db/run-lock';

export type UndoToast = { id: number; title: string; handle: UndoHandle };

export const useUndoStore = create<{ toast: UndoToast | null; set: (t: UndoToast | null) => void }>()((set) => ({
  toast: null,
  set: (toast) => set({ toast }),
}));

/** A new session takes the current defaults (model, limits, system prompt) as its own copy. */
export async function newSession(): Promise<SessionRecord> {
  const d = useSettingsStore.getState().defaults;
  const s = await createSession(db, { model: d.model, settings: defaultsToSessionSettings(d) });
  useUiStore.getState().selectSession(s.id);
  useUiStore.getState().setTab('chat');
  return s;
}

export function renameSessionTitle(id: string, title: string): Promise<boolean> {
  return renameSession(db, id, title);
}

let toastSeq = 0;

export async function removeSession(session: SessionRecord): Promise<'deleted' | 'running' | 'running_elsewhere' | 'not_found'> {
  if (isActiveStatus(useRunStore.getState().runs[session.id]?.status)) return 'running';
  // Another tab's run would go on writing rows for a session that no longer exists.
  if (await isRunLocked(session.id)) return 'running_elsewhere';
  const result = await deleteSession(db, session.id);
  if (!result.ok) return 'not_found';
  const ui = useUiStore.getState();
  if (ui.currentSessionId === session.id) ui.selectSession(null);
  useUndoStore.getState().toast?.handle.dispose();
  useUndoStore.getState().set({ id: ++toastSeq, title: session.title, handle: result.undo });
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

export { updateSession };
