import { db } from '../../db/database';
import { dropEmptyBranch, loadSkeleton, startBranch, switchBranch } from '../../db/branches-repo';
import { forkSession } from '../../db/fork-session';
import { endpointReady } from '../../llm/known-providers';
import { loadPathRecords } from '../../db/messages-repo';
import { branchPointBefore, ownerIndex } from '../../domain/branches';
import { loadedRunController } from '../app-controller';
import { startRun, type SendOutcome } from './chat-actions';
import { useRunStore } from '../run/run-store';
import { useSettingsStore } from '../settings/settings-store';
import { useUiStore } from '../ui-store';
import type { RerunOptions } from '../run/rerun-preparation';

export type BranchOutcome = SendOutcome | 'not_found';

/**
 * Runs the message at `messageId` again on a new branch: an edit sends `text` in place of the user message, a
 * regenerate (no text) asks for the reply again from the same history. The branch starts where the history before
 * the message ends on a boundary (domain/branches.ts); if the run stores nothing (no key, locked, stopped at once)
 * the branch is removed and the old path shown again, so nothing changes. `options`: a re-run from this step
 * (store/step/rerun-actions.ts).
 */
export async function rerun(
  sessionId: string,
  messageId: string,
  text: string | undefined,
  options?: RerunOptions,
): Promise<BranchOutcome> {
  if (loadedRunController()?.isRunning(sessionId)) return 'busy';
  const settings = useSettingsStore.getState();
  // Local servers need no key (as for Send).
  if (!endpointReady(settings.baseURL, settings.hasKey)) {
    useUiStore.getState().openSettings('Add your API key (and check the base URL and model) to start chatting.');
    return 'needs_settings';
  }
  const path = await loadPathRecords(db, sessionId);
  const index = path.findIndex((m) => m.id === messageId);
  if (index < 0) return 'not_found';
  const at = branchPointBefore(path, index);
  const branch = await startBranch(db, sessionId, path[at]?.id ?? null);
  if (!branch) return 'not_found';
  const tidy = () => void dropEmptyBranch(db, sessionId, branch.branchId, branch.previous).catch(() => false);
  // A re-run of a step sends no new message (store/step/rerun-actions.ts passes no text with its options).
  const outcome = await startRun(
    options
      ? { kind: 'rerun', sessionId, rerun: options }
      : { kind: 'message', sessionId, ...(text !== undefined ? { text } : {}) },
    tidy,
  );
  if (outcome !== 'started') tidy();
  return outcome;
}

export function sendEdit(sessionId: string, messageId: string, text: string): Promise<BranchOutcome> {
  return rerun(sessionId, messageId, text);
}

export function regenerate(sessionId: string, messageId: string): Promise<BranchOutcome> {
  return rerun(sessionId, messageId, undefined);
}

/** Shows another branch; refused while the session runs (its run writes to the branch it started on). */
export async function showBranch(sessionId: string, branchId: string): Promise<boolean> {
  if (loadedRunController()?.isRunning(sessionId)) return false;
  if (!(await switchBranch(db, sessionId, branchId))) return false;
  // The last run's messages are all stored (else they stay, to be exported or saved): the chat reads the new path alone.
  const run = useRunStore.getState().runs[sessionId];
  if (run?.ended && run.appended.length > 0 && (loadedRunController()?.unsavedRecords(sessionId) ?? null) === null) {
    useRunStore.getState().dropAppended(sessionId, run);
  }
  return true;
}

/**
 * Makes the path shown one that holds the message: its own branch, when the path shown now does not hold it (the
 * timeline's "Show in chat" on a run left on another branch, architecture.md, "Branches"). False when the message is
 * gone or the session runs (a switch is refused then, as in `showBranch`).
 */
export async function showBranchOf(sessionId: string, messageId: string): Promise<boolean> {
  const skeleton = await loadSkeleton(db, sessionId);
  if (!skeleton) return false;
  if (skeleton.path.includes(messageId)) return true;
  const owner = ownerIndex(skeleton.own).get(messageId);
  return owner === undefined ? false : showBranch(sessionId, owner);
}

/** A new session with the path up to the message, opened in the chat. */
export async function forkAt(sessionId: string, messageId: string): Promise<string | null> {
  const fork = await forkSession(db, sessionId, messageId);
  if (!fork) return null;
  useUiStore.getState().selectSession(fork.id, { focusComposer: true });
  useUiStore.getState().setTab('chat');
  return fork.id;
}
