import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../../db/database';
import { getMcpTask, putMcpTask } from '../../../db/mcp-tasks-repo';
import type { TaskWire } from '../../../mcp/tasks/follow-task';
import { followTask } from '../../../mcp/tasks/follow-task';
import { followToolTask, resumeTask, storedHandle } from './task-follow';
import { cancelTaskLane, useMcpTaskLanes } from './task-lanes';

afterAll(() => db.close());

const origin = { serverId: 'srv', serverName: 'jobs', serverUrl: 'http://127.0.0.1:9/mcp', toolName: 'long_job' };

/** A server whose task works until cancelled (then says cancelled), or completes after `polls` polls. */
function fakeServer(opts: { polls?: number } = {}) {
  const sent: string[] = [];
  let cancelled = false;
  let polls = 0;
  const wire: TaskWire = {
    get: async (taskId) => {
      sent.push(`get ${taskId}`);
      polls += 1;
      if (cancelled) return { taskId, status: 'cancelled', statusMessage: 'Stopped.' };
      if (opts.polls !== undefined && polls >= opts.polls)
        return {
          taskId,
          status: 'completed',
          result: { content: [{ type: 'text', text: 'all done' }, { type: 'bogus' }, 'junk'], isError: false },
        };
      return { taskId, status: 'working', statusMessage: `poll ${polls}`, pollIntervalMs: 250 };
    },
    update: async () => undefined,
    cancel: async (taskId) => {
      sent.push(`cancel ${taskId}`);
      cancelled = true;
    },
  };
  return { wire, sent };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe('followToolTask', () => {
  it('lifts the tool timeout, stores the lane, and gives the completed result as the call result', async () => {
    const { wire } = fakeServer({ polls: 2 });
    let suspended = false;
    const result = await followToolTask(
      {
        signal: new AbortController().signal,
        timeoutMs: 10,
        callId: 'c-done',
        suspendTimeout: () => void (suspended = true),
      },
      { taskId: 't-done', status: 'working', pollIntervalMs: 1 },
      wire,
      origin,
    );
    expect(suspended).toBe(true);
    expect(result.isError).toBe(false);
    expect(result.content[0]).toEqual({ type: 'text', text: 'all done' });
    expect(result.content).toHaveLength(2);
    expect(await getMcpTask(db, 'c-done')).toMatchObject({
      taskId: 't-done',
      status: 'completed',
      endText: 'all done',
      toolName: 'long_job',
    });
    expect(useMcpTaskLanes.getState().lanes['c-done']?.status).toBe('completed');
  }, 10_000);

  it('shows the lane only once it is stored: a reload as soon as it shows finds it again', async () => {
    const { wire } = fakeServer();
    const stop = new AbortController();
    // What a reload at the moment the lane shows would read (a read begun now is ordered after any write begun before).
    let read: Promise<unknown> | null = null;
    const unsubscribe = useMcpTaskLanes.subscribe((s) => {
      if (read === null && s.lanes['c-early'] !== undefined) read = getMcpTask(db, 'c-early');
    });
    const run = followToolTask(
      { signal: stop.signal, timeoutMs: 10, callId: 'c-early' },
      { taskId: 't-early', status: 'working', pollIntervalMs: 1 },
      wire,
      { ...origin, sessionId: 's-early' },
    );
    await until(() => read !== null);
    unsubscribe();
    // Its session too, though no live run named the call's session yet (the late result is offered to that session).
    expect(await read).toMatchObject({ callId: 'c-early', taskId: 't-early', status: 'working', sessionId: 's-early' });
    stop.abort();
    await run;
  }, 10_000);

  it('"Cancel task" sends tasks/cancel, shows cancelling, and ends with a cancelled result for the model', async () => {
    const { wire, sent } = fakeServer();
    const run = followToolTask(
      { signal: new AbortController().signal, timeoutMs: 10, callId: 'c-cancel' },
      { taskId: 't-cancel', status: 'working', pollIntervalMs: 1 },
      wire,
      origin,
    );
    await until(() => useMcpTaskLanes.getState().lanes['c-cancel']?.statusMessage === 'poll 1');
    cancelTaskLane('c-cancel');
    expect(useMcpTaskLanes.getState().lanes['c-cancel']?.status).toBe('cancelling');
    const result = await run;
    expect(result).toEqual({ content: [{ type: 'text', text: 'The task was cancelled: Stopped.' }], isError: true });
    expect(sent).toContain('cancel t-cancel');
    expect((await getMcpTask(db, 'c-cancel'))?.status).toBe('cancelled');
  }, 10_000);

  it('Stop of the run (the call signal) cancels the task too', async () => {
    const { wire, sent } = fakeServer();
    const stop = new AbortController();
    const run = followToolTask(
      { signal: stop.signal, timeoutMs: 10, callId: 'c-stop' },
      { taskId: 't-stop', status: 'working', pollIntervalMs: 1 },
      wire,
      origin,
    );
    await until(() => useMcpTaskLanes.getState().lanes['c-stop']?.statusMessage === 'poll 1');
    stop.abort();
    expect((await run).isError).toBe(true);
    expect(sent).toContain('cancel t-stop');
  }, 10_000);
});

describe('resumeTask', () => {
  it('says a stored task was left when its server is gone', async () => {
    await putMcpTask(db, {
      callId: 'c-left',
      sessionId: 's',
      serverId: 'gone',
      serverName: 'jobs',
      toolName: 'long_job',
      taskId: 't-left',
      status: 'working',
      createdAt: 1,
      updatedAt: 1,
    });
    await resumeTask((await getMcpTask(db, 'c-left'))!);
    expect(await getMcpTask(db, 'c-left')).toMatchObject({
      status: 'lost',
      endText: 'This task was left: after the reload the server was removed, so it is no longer followed.',
    });
  });
});

describe('the time to live after a reload', () => {
  it('is stored from the handle and applies before the first tasks/get answers (scripted clock)', async () => {
    const { wire } = fakeServer({ polls: 1 });
    const createdAt = new Date().toISOString();
    await followToolTask(
      { signal: new AbortController().signal, timeoutMs: 10, callId: 'c-ttl' },
      { taskId: 't-ttl', status: 'working', pollIntervalMs: 1, ttlMs: 60_000, createdAt },
      wire,
      origin,
    );
    const row = (await getMcpTask(db, 'c-ttl'))!;
    expect(row).toMatchObject({ ttlMs: 60_000, taskCreatedAt: createdAt, status: 'completed' });

    // The page comes back 61 s after the server created the task; the server does not answer tasks/get (yet).
    const gets: string[] = [];
    const silent = {
      get: (id: string) => (gets.push(id), new Promise<unknown>(() => undefined)),
      update: async () => undefined,
      cancel: async () => undefined,
    };
    const follow = (at: number, r = row) =>
      followTask(storedHandle({ ...r, status: 'working' }), {
        wire: silent,
        elicit: async () => ({ action: 'cancel' }),
        onProgress: () => undefined,
        cancel: new AbortController().signal,
        sleep: async () => undefined,
        now: () => at,
      });
    const created = Date.parse(createdAt);
    expect(await follow(created + 61_000)).toEqual({
      kind: 'expired',
      message:
        'Task t-ttl expired: its time to live (1 min) ran out before it ended, so the server may have discarded it.',
    });
    expect(gets).toEqual([]);

    // A row from a server that sent no creation time counts from when the page got the handle.
    const noCreated = { ...row, taskCreatedAt: undefined, createdAt: created + 30_000 };
    delete noCreated.taskCreatedAt;
    expect((await follow(created + 91_000, noCreated)).kind).toBe('expired');
    expect(gets).toEqual([]);
    // Within its time it is polled (the silent server keeps the follower waiting: one tasks/get sent).
    void follow(created + 59_000);
    await until(() => gets.length === 1);
  }, 10_000);

  it('a row without a time to live (stored before it was kept) is followed as before, without a backstop', () => {
    const handle = storedHandle({
      callId: 'c',
      sessionId: 's',
      serverId: 'x',
      serverName: 'jobs',
      toolName: 't',
      taskId: 't-old',
      status: 'input_required',
      createdAt: 5,
      updatedAt: 5,
    });
    expect(handle).toEqual({
      taskId: 't-old',
      status: 'input_required',
      createdAt: new Date(5).toISOString(),
      inputRequests: {},
    });
  });
});
