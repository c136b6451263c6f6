import 'fake-indexeddb/auto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startTasksMcpServer, type TasksMcpServer } from '../../../../e2e/mcp-servers/tasks-server';
import { db } from '../../../db/database';
import { deleteSession } from '../../../db/sessions-repo';
import type { McpTaskRecord } from '../../../domain/mcp-task';
import type { SessionRecord } from '../../../domain/session';
import { taskAwareCall } from '../../../mcp/tasks/task-call';
import { isTaskFollowed, lookUpTaskLane, useMcpTaskLanes } from './task-lanes';
import { resumeTask } from './task-follow';
import type { TaskLockManager } from './task-lock';
import { holdSessionTasks, type SessionTaskHold } from './task-session-delete';
import { removeSession, useUndoStore } from '../../session/session-actions';

// The page's base URI, which connecting reads for its sign-in addresses (no sign-in happens here).
vi.stubGlobal('document', { baseURI: 'http://127.0.0.1:5173/' });

let server: TasksMcpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => db.close());

const never = new AbortController().signal;

/** A long_job task started on the real server, as a run would have: the handle's task id. */
async function startLongJob(s: TasksMcpServer): Promise<string> {
  let taskId = '';
  await taskAwareCall(
    {
      url: new URL(s.url),
      fetch: (input, init) => fetch(input, init),
      clientInfo: { name: 'Toolscope', version: 'test' },
      clientCapabilities: {},
      protocolVersion: '2026-07-28',
    },
    {
      name: 'long_job',
      args: {},
      meta: {},
      signal: never,
      onTask: async (task) => ((taskId = task.taskId), { content: [], isError: false }),
    },
  );
  return taskId;
}

/** A session with one task row whose run a reload ended, and the server it was called on. */
async function sessionWithTask(s: TasksMcpServer, id: string): Promise<{ session: SessionRecord; row: McpTaskRecord }> {
  await db.mcpServers.put({
    id: `srv-${id}`,
    url: s.url,
    name: 'jobs',
    enabled: true,
    approval: 'auto',
    headerNames: [],
    toolChoices: {},
    createdAt: 1,
    updatedAt: 1,
  });
  const session = {
    id,
    title: `session ${id}`,
    createdAt: 1,
    updatedAt: 1,
    model: 'm',
    settings: {},
    status: 'interrupted',
    messageCount: 0,
    toolCallCount: 1,
  } as unknown as SessionRecord;
  await db.sessions.put(session);
  const row: McpTaskRecord = {
    callId: `call-${id}`,
    sessionId: id,
    serverId: `srv-${id}`,
    serverName: 'jobs',
    toolName: 'long_job',
    taskId: await startLongJob(s),
    status: 'working',
    createdAt: Date.now(),
    updatedAt: Date.now(),
  };
  await db.mcpTasks.put(row);
  return { session, row };
}

const sent = (s: TasksMcpServer, method: string, taskId: string) =>
  s.recorder.requests.filter((r) => r.headers['mcp-method'] === method && r.headers['mcp-name'] === taskId).length;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('deleting a session whose task this page follows', () => {
  it('stops following (no polls, no writes, no cancel) and the undo follows it again to its end', async () => {
    server = await startTasksMcpServer({ pollIntervalMs: 250 });
    const s = server;
    const { session, row } = await sessionWithTask(s, 's-del');
    // After a reload the lane is looked up and the task followed again through the server's connection.
    await lookUpTaskLane(row.callId);
    await vi.waitFor(() => expect(sent(s, 'tasks/get', row.taskId)).toBeGreaterThanOrEqual(2), { timeout: 25_000 });

    expect(await removeSession(session)).toBe('deleted');
    const hold = useUndoStore.getState().toast?.handle as SessionTaskHold;
    expect(await hold.stopped).toEqual([row.callId]);
    expect(isTaskFollowed(row.callId)).toBe(false);
    // A tasks/get already on its way when the follower stopped may reach the server a moment later.
    await pause(300);
    const polls = sent(s, 'tasks/get', row.taskId);
    s.finishLongJobs();
    // Four poll intervals: a follower would have polled and stored the end by now.
    await pause(1000);
    expect(sent(s, 'tasks/get', row.taskId)).toBe(polls);
    expect(await db.mcpTasks.get(row.callId)).toBeUndefined();
    expect(sent(s, 'tasks/cancel', row.taskId)).toBe(0);

    // Undo: the row is back and followed again; the task's end is stored as before.
    expect(await hold.undo()).toBe(true);
    await vi.waitFor(async () => expect((await db.mcpTasks.get(row.callId))?.status).toBe('completed'), {
      timeout: 25_000,
    });
    expect((await db.mcpTasks.get(row.callId))?.lateResult).toMatchObject({
      content: 'Long job done.',
      isError: false,
    });
    expect(sent(s, 'tasks/get', row.taskId)).toBeGreaterThan(polls);
    // An undone deletion cancels nothing, even when its handle is disposed later.
    hold.dispose();
    await pause(200);
    expect(sent(s, 'tasks/cancel', row.taskId)).toBe(0);
  }, 60_000);

  it('a deletion for good (the undo dropped or its window passed) cancels the tasks that had not ended, and only those', async () => {
    server = await startTasksMcpServer({ pollIntervalMs: 250 });
    const s = server;
    const { session, row } = await sessionWithTask(s, 's-gone');
    const ended = { ...row, callId: 'call-ended', taskId: await startLongJob(s), status: 'completed' as const };
    await db.mcpTasks.put(ended);
    await lookUpTaskLane(row.callId);
    await vi.waitFor(() => expect(sent(s, 'tasks/get', row.taskId)).toBeGreaterThanOrEqual(1), { timeout: 25_000 });

    expect(await removeSession(session)).toBe('deleted');
    const hold = useUndoStore.getState().toast?.handle as SessionTaskHold;
    await hold.stopped;
    // The toast's time is up (or another deletion replaced it): the handle is disposed.
    hold.dispose();
    await hold.cancelled;
    expect(sent(s, 'tasks/cancel', row.taskId)).toBe(1);
    expect(sent(s, 'tasks/cancel', ended.taskId)).toBe(0);
    expect(s.tasks.get(row.taskId)?.cancelRequested).toBe(true);
    expect(await hold.undo()).toBe(false);
    expect(await db.sessions.get(session.id)).toBeUndefined();
  }, 60_000);

  it('without a toast to dispose it, the window passing is enough; a task not followed here is cancelled too', async () => {
    server = await startTasksMcpServer({ pollIntervalMs: 250 });
    const { session, row } = await sessionWithTask(server, 's-timer');
    const result = await deleteSession(db, session.id, { undoWindowMs: 10 });
    if (!result.ok) throw new Error('not deleted');
    const hold = holdSessionTasks(session.id, result.mcpTasks, result.undo);
    expect(await hold.stopped).toEqual([]);
    await hold.cancelled;
    expect(sent(server, 'tasks/cancel', row.taskId)).toBe(1);
  }, 60_000);
});

describe('a task another tab follows', () => {
  it('is not polled here: the lane shows the stored row as the other tab writes it, and this tab takes over when that tab goes', async () => {
    server = await startTasksMcpServer({ pollIntervalMs: 250 });
    const s = server;
    const { row } = await sessionWithTask(s, 's-two-tabs');
    // The other tab holds the task's lock until it is closed.
    let grantWaiting: (() => void) | null = null;
    let heldElsewhere = true;
    const locks: TaskLockManager = {
      async request(_name, options, callback) {
        if (heldElsewhere && options.ifAvailable === true) return callback(null);
        if (heldElsewhere) await new Promise<void>((r) => (grantWaiting = r));
        return callback({});
      },
    };
    const resumed = resumeTask(row, locks);
    await vi.waitFor(() => expect(grantWaiting).not.toBeNull());
    const closeOther = () => {
      heldElsewhere = false;
      grantWaiting?.();
    };
    expect(isTaskFollowed(row.callId)).toBe(true);
    // The other tab writes what it sees; this tab's lane follows the row.
    await db.mcpTasks.update(row.callId, { statusMessage: 'seen by the other tab' });
    await vi.waitFor(
      () => expect(useMcpTaskLanes.getState().lanes[row.callId]?.statusMessage).toBe('seen by the other tab'),
      { timeout: 10_000 },
    );
    await pause(600);
    expect(sent(s, 'tasks/get', row.taskId)).toBe(0);

    closeOther();
    await vi.waitFor(() => expect(sent(s, 'tasks/get', row.taskId)).toBeGreaterThanOrEqual(1), { timeout: 25_000 });
    s.finishLongJobs();
    expect(await resumed).toBe('followed');
    expect(await db.mcpTasks.get(row.callId)).toMatchObject({
      status: 'completed',
      lateResult: { content: 'Long job done.' },
    });
  }, 60_000);
});
