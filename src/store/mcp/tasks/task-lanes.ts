/**
 * The task lanes the chat and the timeline show (architecture.md, "MCP Tasks"): one per tool call a server answered
 * with a task, as stored (domain/mcp-task.ts) and updated while it is followed, and the way to cancel each. Small on
 * purpose: the tool card reads it on first load; following a task lives in store/mcp/tasks/task-follow.ts, loaded with MCP.
 */
import { create } from 'zustand';
import { db } from '../../../db/database';
import { getMcpTask, listSessionMcpTasks } from '../../../db/mcp-tasks-repo';
import type { McpTaskRecord } from '../../../domain/mcp-task';
import { isTaskLaneOpen } from '../../../domain/mcp-task';

type LanesState = {
  lanes: Record<string, McpTaskRecord>;
  /** Calls whose stored task was looked for already (found or not). */
  looked: Record<string, true>;
};

export const useMcpTaskLanes = create<LanesState>(() => ({ lanes: {}, looked: {} }));

const cancels = new Map<string, () => void>();
/** Stops a follower without cancelling its task; settles once it stopped. */
const detachers = new Map<string, () => Promise<void>>();
const following = new Set<string>();

export function showTaskLane(lane: McpTaskRecord): void {
  useMcpTaskLanes.setState((s) => ({
    lanes: { ...s.lanes, [lane.callId]: lane },
    looked: { ...s.looked, [lane.callId]: true },
  }));
}

export function patchTaskLane(callId: string, changes: Partial<McpTaskRecord>): void {
  useMcpTaskLanes.setState((s) => {
    const lane = s.lanes[callId];
    return lane === undefined ? s : { lanes: { ...s.lanes, [callId]: { ...lane, ...changes, updatedAt: Date.now() } } };
  });
}

/** Registers how to cancel a followed task (and to stop following it, when it can be); the returned function unregisters it. */
export function followingTask(callId: string, cancel: () => void, detach?: () => Promise<void>): () => void {
  following.add(callId);
  cancels.set(callId, cancel);
  if (detach !== undefined) detachers.set(callId, detach);
  return () => {
    following.delete(callId);
    cancels.delete(callId);
    detachers.delete(callId);
  };
}

/**
 * Marks a call's task as followed before its follower has started (it may still be storing the lane, or loading):
 * a look-up meanwhile starts no second follower. The returned function gives the claim up.
 */
export function claimTaskLane(callId: string): () => void {
  following.add(callId);
  return () => {
    if (!cancels.has(callId)) following.delete(callId);
  };
}

/**
 * A session was deleted (architecture.md, "MCP Tasks"): the tasks of it this page follows stop being followed (no
 * more polling, no writes); the task itself is left running, for the undo. Resolves with their call ids once stopped.
 */
export async function stopFollowingSession(sessionId: string): Promise<string[]> {
  const { lanes } = useMcpTaskLanes.getState();
  const stopped = [...detachers].filter(([callId]) => lanes[callId]?.sessionId === sessionId);
  await Promise.all(stopped.map(([, detach]) => detach()));
  return stopped.map(([callId]) => callId);
}

/** Follows again, after an undo, the tasks stopFollowingSession stopped (their rows are back). */
export async function followAgain(callIds: readonly string[]): Promise<void> {
  for (const callId of callIds) {
    const stored = await getMcpTask(db, callId).catch(() => undefined);
    if (stored === undefined) continue;
    showTaskLane(stored);
    resumeIfOpen(stored);
  }
}

export function isTaskFollowed(callId: string): boolean {
  return following.has(callId);
}

/** "Cancel task": sends tasks/cancel through the follower; the lane shows "cancelling" until the server says it stopped. */
export function cancelTaskLane(callId: string): void {
  cancels.get(callId)?.();
}

/** The stored task of a call, once per call per page: after a reload the lane comes back and polling resumes. */
export async function lookUpTaskLane(callId: string): Promise<void> {
  if (useMcpTaskLanes.getState().looked[callId]) return;
  useMcpTaskLanes.setState((s) => ({ looked: { ...s.looked, [callId]: true } }));
  const stored = await getMcpTask(db, callId).catch(() => undefined);
  if (stored === undefined) return;
  if (useMcpTaskLanes.getState().lanes[callId] === undefined) showTaskLane(stored);
  resumeIfOpen(stored);
}

/** A session's stored tasks (the timeline lists them all). */
export async function lookUpSessionTaskLanes(sessionId: string): Promise<void> {
  const stored = await listSessionMcpTasks(db, sessionId).catch(() => []);
  for (const t of stored) {
    if (useMcpTaskLanes.getState().lanes[t.callId] === undefined) showTaskLane(t);
    resumeIfOpen(t);
  }
}

function resumeIfOpen(task: McpTaskRecord): void {
  if (!isTaskLaneOpen(task.status) || following.has(task.callId)) return;
  // Two look-ups (the tool card's and the timeline's) may both find it before the follower module has loaded.
  const release = claimTaskLane(task.callId);
  void import('./task-follow')
    .then((m) => m.resumeTask(task))
    .catch(() => undefined)
    .finally(release);
}
