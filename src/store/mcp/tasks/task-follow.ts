/**
 * Following a task an MCP server answered a tool call with (architecture.md, "MCP Tasks"): the lane is stored at
 * once (so a reload brings it back), the tool timeout is lifted, the task is polled at its interval, its input
 * requests go through the same form as elicitation, Stop or "Cancel task" sends tasks/cancel, and how it ended is
 * the call's result, which the model reads as the tool result. After a reload the stored task is polled again
 * through the server's connection; its end is shown in the lane and kept as the call's late result, which the next
 * request's history carries in place of the interrupted one (the run that asked for it is over by then).
 */
import type { ToolRunContext } from '../../../agent/tool-executor';
import { db } from '../../../db/database';
import { getMcpServer } from '../../../db/mcp-servers-repo';
import { getMcpTask, putMcpTask, updateMcpTask } from '../../../db/mcp-tasks-repo';
import type { McpTaskLaneStatus, McpTaskRecord } from '../../../domain/mcp-task';
import { followTask, TaskFollowDetached, type TaskEnd, type TaskWire } from '../../../mcp/tasks/follow-task';
import type { McpTask } from '../../../mcp/tasks/task-shape';
import { toCallResult } from '../../../mcp/sdk-shapes';
import { toCallOutcome } from '../../../mcp/tool-result';
import type { McpElicitResponse, McpToolCallResult } from '../../../mcp/types';
import { liveQuery } from 'dexie';
import { isTaskLaneOpen } from '../../../domain/mcp-task';
import { claimTaskLane, followingTask, isTaskFollowed, patchTaskLane, showTaskLane } from './task-lanes';
import {
  browserTaskLocks,
  followWithLock,
  holdIfFree,
  taskLockName,
  type LockedFollowOutcome,
  type TaskLockManager,
} from './task-lock';
import { askMcpUser } from '../asks/asks';
import { connectMcp } from '../connections/registry';
import { useRunStore } from '../../run/run-store';
import { isRecord } from '../../../domain/is-record';

/** `sessionId`: the run's session; without it, the one the live run names for the call (a frame late, if at all). */
type TaskOrigin = { serverId: string; serverName: string; serverUrl: string; toolName: string; sessionId?: string };

const END_TEXT_CHARS = 2000;

/** Follows a task to its end as the call's result. */
export async function followToolTask(
  ctx: ToolRunContext,
  task: McpTask,
  wire: TaskWire,
  origin: TaskOrigin,
): Promise<McpToolCallResult> {
  ctx.suspendTimeout?.();
  const now = Date.now();
  const lane: McpTaskRecord = {
    callId: ctx.callId,
    // Stored with its session from the start: a reload before the live run named the call's session would leave a lane
    // that neither the timeline lists nor offers its late result to the session.
    sessionId: origin.sessionId ?? sessionOfCall(ctx.callId) ?? '',
    serverId: origin.serverId,
    serverName: origin.serverName,
    toolName: origin.toolName,
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage !== undefined ? { statusMessage: task.statusMessage } : {}),
    ...(task.pollIntervalMs !== undefined ? { pollIntervalMs: task.pollIntervalMs } : {}),
    ...(task.ttlMs !== undefined ? { ttlMs: task.ttlMs } : {}),
    ...(task.createdAt !== undefined ? { taskCreatedAt: task.createdAt } : {}),
    createdAt: now,
    updatedAt: now,
  };
  // Claimed at once, so a look-up that finds the stored lane meanwhile starts no second follower; shown only once
  // stored, so a reload the moment it shows brings it back (the put was still pending when a reload came first).
  const release = claimTaskLane(lane.callId);
  await putMcpTask(db, lane).catch(() => undefined);
  showTaskLane(lane);
  // The run's own call is followed here in any case; the lock (when free) keeps other tabs showing the stored row.
  const end = await holdIfFree(taskLockName(ctx.callId), browserTaskLocks(), () =>
    follow(lane, task, wire, origin.serverUrl, ctx.signal),
  ).finally(release);
  return end.kind === 'completed'
    ? completedResult(end.result)
    : { content: [{ type: 'text', text: endText(end) }], isError: true };
}

/**
 * After a reload (or in a second tab): polls a stored, unfinished task again, or says why it cannot. Only the tab
 * holding the task's lock follows it; another shows the stored row and takes over when that tab goes.
 */
export async function resumeTask(
  stored: McpTaskRecord,
  locks: TaskLockManager | null = browserTaskLocks(),
): Promise<LockedFollowOutcome> {
  let latest = stored;
  return followWithLock(taskLockName(stored.callId), locks, {
    follow: () => resumeHere(latest),
    watch: () => watchStoredTask(stored.callId),
    stillOpen: async () => {
      const row = await getMcpTask(db, stored.callId).catch(() => undefined);
      if (row === undefined) return false;
      latest = row;
      return isTaskLaneOpen(row.status);
    },
  });
}

/** The lane of a task another tab follows: the stored row as it changes; "Cancel task" sends tasks/cancel from here. */
function watchStoredTask(callId: string): () => void {
  const rows = liveQuery(() => db.mcpTasks.get(callId)).subscribe({
    next: (row) => {
      if (row !== undefined) showTaskLane(row);
    },
    error: () => undefined,
  });
  const unregister = isTaskFollowed(callId)
    ? () => undefined
    : followingTask(callId, () => void cancelFromHere(callId));
  return () => {
    rows.unsubscribe();
    unregister();
  };
}

async function cancelFromHere(callId: string): Promise<void> {
  const row = await getMcpTask(db, callId).catch(() => undefined);
  if (row === undefined || !isTaskLaneOpen(row.status)) return;
  patchTaskLane(callId, { status: 'cancelling' });
  await cancelLeftTasks([row]);
}

async function resumeHere(stored: McpTaskRecord): Promise<void> {
  const record = await getMcpServer(db, stored.serverId).catch(() => undefined);
  const live = record !== undefined && record.enabled ? await connectMcp(record) : null;
  const wire = live?.connection.taskWire?.() ?? null;
  if (record === undefined || live === null || wire === null) {
    const why =
      record === undefined
        ? 'the server was removed'
        : !record.enabled
          ? 'the server is turned off'
          : live === null
            ? 'the server could not be reached'
            : 'the server no longer offers tasks';
    await settle(stored.callId, 'lost', `This task was left: after the reload ${why}, so it is no longer followed.`);
    return;
  }
  const end = await follow(
    stored,
    storedHandle(stored),
    wire,
    record.url,
    new AbortController().signal,
    stored.status === 'cancelling',
    true,
  );
  // Its session was deleted: nothing is written; an undo follows it again, a deletion for good cancels it.
  if (end === null) return;
  // The run that made the call ended with the reload, so this end is kept as the call's late result: the next
  // request's history carries it in place of the interrupted one (architecture.md, "MCP Tasks").
  const lateResult = { ...(await modelResult(end, stored.toolName)), arrivedAt: Date.now() };
  patchTaskLane(stored.callId, { lateResult });
  await updateMcpTask(db, stored.callId, { lateResult }).catch(() => undefined);
}

/**
 * The tasks of a session deleted for good that had not ended: tasks/cancel through each server's connection, since
 * nobody can read their results any more. A server that is gone, off or unreachable is left (the task ends with its
 * time to live there). Nothing is written: the rows are gone with the session.
 */
export async function cancelLeftTasks(tasks: readonly McpTaskRecord[]): Promise<void> {
  await Promise.all(
    tasks.map(async (t) => {
      const record = await getMcpServer(db, t.serverId).catch(() => undefined);
      if (record === undefined || !record.enabled) return;
      const live = await connectMcp(record).catch(() => null);
      await live?.connection
        .taskWire?.()
        ?.cancel(t.taskId)
        .catch(() => undefined);
    }),
  );
}

/**
 * The task as last known from its row, to follow again: its time to live counts from the server's creation time
 * (or, when the server sent none, from when the page got the handle), so the backstop holds before any tasks/get.
 */
export function storedHandle(stored: McpTaskRecord): McpTask {
  const handle: McpTask = {
    taskId: stored.taskId,
    status: stored.status === 'input_required' ? 'input_required' : 'working',
    ...(stored.pollIntervalMs !== undefined ? { pollIntervalMs: stored.pollIntervalMs } : {}),
    ...(stored.ttlMs !== undefined ? { ttlMs: stored.ttlMs } : {}),
    createdAt: stored.taskCreatedAt ?? new Date(stored.createdAt).toISOString(),
  };
  // An input request seen before the reload is asked again only when the next poll still lists it.
  if (handle.status === 'input_required') handle.inputRequests = {};
  return handle;
}

/** The task's end as the model reads a tool result: the same text a call that finished in its run would give. */
async function modelResult(end: TaskEnd, toolName: string): Promise<{ content: string; isError: boolean }> {
  if (end.kind !== 'completed') return { content: endText(end), isError: true };
  const outcome = await toCallOutcome(completedResult(end.result), {
    tool: { name: toolName, inputSchema: { type: 'object' } },
    schemaId: '',
    check: async () => [],
  });
  return { content: outcome.content, isError: outcome.outcome !== 'ok' };
}

async function follow(
  lane: McpTaskRecord,
  task: McpTask,
  wire: TaskWire,
  serverUrl: string,
  stop: AbortSignal,
  cancelNow: boolean,
  detachable: true,
): Promise<TaskEnd | null>;
async function follow(
  lane: McpTaskRecord,
  task: McpTask,
  wire: TaskWire,
  serverUrl: string,
  stop: AbortSignal,
  cancelNow?: boolean,
): Promise<TaskEnd>;
async function follow(
  lane: McpTaskRecord,
  task: McpTask,
  wire: TaskWire,
  serverUrl: string,
  stop: AbortSignal,
  cancelNow = false,
  detachable = false,
): Promise<TaskEnd | null> {
  const cancel = new AbortController();
  const onStop = () => cancel.abort();
  stop.addEventListener('abort', onStop, { once: true });
  // Only a task followed outside its run can be let go (a session with a live run cannot be deleted).
  const detach = new AbortController();
  let stopped = () => undefined as void;
  const done = new Promise<void>((resolve) => (stopped = resolve));
  const unregister = followingTask(
    lane.callId,
    () => cancel.abort(),
    detachable ? () => (detach.abort(), done) : undefined,
  );
  if (cancelNow || stop.aborted) cancel.abort();
  let last = '';
  try {
    const end = await followTask(task, {
      wire,
      cancel: cancel.signal,
      detach: detach.signal,
      elicit: (request, signal): Promise<McpElicitResponse> =>
        askMcpUser(
          {
            serverUrl,
            serverName: lane.serverName,
            message: request.message,
            requestedSchema: formSchema(request.requestedSchema),
          },
          signal,
        ),
      onProgress: (p) => {
        // The live run may name the call's session only a frame after the call started.
        const sessionId = lane.sessionId === '' ? sessionOfCall(lane.callId) : undefined;
        if (sessionId !== undefined) lane.sessionId = sessionId;
        const changes = {
          status: p.status,
          ...(p.statusMessage !== undefined ? { statusMessage: p.statusMessage } : {}),
          ...(sessionId !== undefined ? { sessionId } : {}),
        };
        patchTaskLane(lane.callId, changes);
        const key = `${p.status}|${p.statusMessage ?? ''}`;
        if (key !== last || sessionId !== undefined)
          void updateMcpTask(db, lane.callId, changes).catch(() => undefined);
        last = key;
      },
    });
    await settle(lane.callId, end.kind, endText(end));
    return end;
  } catch (error) {
    if (error instanceof TaskFollowDetached) return null;
    throw error;
  } finally {
    stop.removeEventListener('abort', onStop);
    unregister();
    stopped();
  }
}

async function settle(callId: string, status: McpTaskLaneStatus, text: string): Promise<void> {
  patchTaskLane(callId, { status, endText: text });
  await updateMcpTask(db, callId, { status, endText: text }).catch(() => undefined);
}

function endText(end: TaskEnd): string {
  switch (end.kind) {
    case 'completed':
      return resultText(end.result);
    case 'failed':
      return `Error: the task failed: ${end.message}`;
    case 'cancelled':
      return `The task was cancelled${end.message !== undefined ? `: ${end.message}` : '.'}`;
    case 'lost':
      return `Error: the task was lost: ${end.message}`;
    case 'expired':
      return `Error: ${end.message}`;
  }
}

function resultText(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? result.content : [];
  const text = content
    .map((b: unknown) =>
      b !== null && typeof b === 'object' && 'text' in b && typeof b.text === 'string' ? b.text : '',
    )
    .filter((t) => t !== '')
    .join('\n');
  return text.length > END_TEXT_CHARS ? `${text.slice(0, END_TEXT_CHARS)}…` : text;
}

/** The task's CallToolResult, read as carefully as any result (untrusted JSON): a malformed block becomes a note. */
function completedResult(result: Record<string, unknown>): McpToolCallResult {
  const blocks = (Array.isArray(result.content) ? result.content : []).filter(
    (b: unknown) => b !== null && typeof b === 'object' && typeof (b as { type?: unknown }).type === 'string',
  );
  const content = blocks.map((b) => {
    try {
      return (
        toCallResult({ content: [b] } as unknown as Parameters<typeof toCallResult>[0]).content[0] ?? {
          type: 'text' as const,
          text: '',
        }
      );
    } catch {
      return { type: 'text' as const, text: '[a content block the server sent malformed]' };
    }
  });
  return {
    content,
    ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
    isError: result.isError === true,
  };
}

function formSchema(schema: Record<string, unknown>): {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
} {
  const properties = isRecord(schema.properties) ? (schema.properties as Record<string, Record<string, unknown>>) : {};
  const required = Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === 'string')
    : undefined;
  return { type: 'object', properties, ...(required !== undefined ? { required } : {}) };
}

function sessionOfCall(callId: string): string | undefined {
  for (const [sessionId, run] of Object.entries(useRunStore.getState().runs))
    if (run.tools[callId] !== undefined) return sessionId;
  return undefined;
}
