/**
 * A deleted session's MCP tasks (architecture.md, "MCP Tasks"). Deleting stops following them in this page at once
 * (no more polling, no writes) but leaves the tasks running, because the deletion can be undone; the undo follows
 * them again. Once the session is gone for good (the undo window passed, or its undo was dropped for another
 * deletion), every task of it that had not ended is sent tasks/cancel: nobody could read its result any more.
 */
import type { UndoHandle } from '../../../db/sessions-repo';
import type { McpTaskRecord } from '../../../domain/mcp-task';
import { isTaskLaneOpen } from '../../../domain/mcp-task';
import { followAgain, stopFollowingSession } from './task-lanes';

export type SessionTaskHold = UndoHandle & {
  /** Settles once the session's followers stopped (tests, and the undo, wait for it). */
  readonly stopped: Promise<string[]>;
  /** Settles once a deletion for good sent its cancels. */
  readonly cancelled: Promise<void>;
};

export function holdSessionTasks(
  sessionId: string,
  tasks: readonly McpTaskRecord[],
  undo: UndoHandle,
  o: { now?: () => number; cancel?: (tasks: McpTaskRecord[]) => Promise<void> } = {},
): SessionTaskHold {
  const now = o.now ?? Date.now;
  const stopped = stopFollowingSession(sessionId);
  const open = tasks.filter((t) => isTaskLaneOpen(t.status));
  let settled = false;
  let sent: () => void = () => undefined;
  const cancelled = new Promise<void>((resolve) => (sent = resolve));
  const gone = () => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    const cancel =
      o.cancel ?? ((left: McpTaskRecord[]) => import('./task-follow').then((m) => m.cancelLeftTasks(left)));
    void (open.length > 0 ? cancel(open) : Promise.resolve()).catch(() => undefined).then(sent);
  };
  // The undo toast disposes the handle when its time is up; this is the backstop when no toast is left to do it.
  const timer = setTimeout(gone, Math.max(0, undo.expiresAt - now()) + 1000);
  return {
    sessionId: undo.sessionId,
    expiresAt: undo.expiresAt,
    stopped,
    cancelled,
    async undo() {
      if (settled) return false;
      const ok = await undo.undo();
      if (!ok) {
        gone();
        return false;
      }
      settled = true;
      clearTimeout(timer);
      await followAgain(await stopped);
      return true;
    },
    dispose() {
      undo.dispose();
      gone();
    },
  };
}
