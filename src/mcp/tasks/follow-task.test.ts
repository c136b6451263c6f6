import { describe, expect, it } from 'vitest';
import { followTask, pollDelay, TaskFollowDetached, type TaskProgress, type TaskWire } from './follow-task';
import { readTaskHandle, type McpTask } from './task-shape';

type Sent = { method: string; params: unknown };

/** A scripted server: each tasks/get returns the next task of the script (the last one repeats). */
function scripted(tasks: unknown[], opts: { onCancel?: () => void } = {}): { wire: TaskWire; sent: Sent[] } {
  const sent: Sent[] = [];
  let i = 0;
  return {
    sent,
    wire: {
      get: async (taskId) => {
        sent.push({ method: 'tasks/get', params: { taskId } });
        const t = tasks[Math.min(i, tasks.length - 1)];
        i += 1;
        if (t instanceof Error) throw t;
        return t;
      },
      update: async (taskId, inputResponses) => {
        sent.push({ method: 'tasks/update', params: { taskId, inputResponses } });
      },
      cancel: async (taskId) => {
        sent.push({ method: 'tasks/cancel', params: { taskId } });
        opts.onCancel?.();
      },
    },
  };
}

const handle: McpTask = { taskId: 't1', status: 'working', pollIntervalMs: 500 };
const noForms = async () => ({ action: 'cancel' as const });

describe('followTask', () => {
  it('polls at the server interval until the task completes, reporting each status', async () => {
    const { wire, sent } = scripted([
      { taskId: 't1', status: 'working', statusMessage: 'step 1 of 2', pollIntervalMs: 2000 },
      { taskId: 't1', status: 'completed', result: { content: [{ type: 'text', text: 'done' }] } },
    ]);
    const waits: number[] = [];
    const seen: TaskProgress[] = [];
    const end = await followTask(handle, {
      wire,
      elicit: noForms,
      onProgress: (p) => seen.push(p),
      cancel: new AbortController().signal,
      sleep: async (ms) => void waits.push(ms),
    });
    expect(end).toEqual({ kind: 'completed', result: { content: [{ type: 'text', text: 'done' }] } });
    expect(waits).toEqual([500, 2000]);
    expect(seen.map((s) => s.status)).toEqual(['working', 'working', 'completed']);
    expect(seen[1]?.statusMessage).toBe('step 1 of 2');
    expect(sent.every((s) => s.method === 'tasks/get')).toBe(true);
  });

  it('keeps the poll interval within bounds', () => {
    expect(pollDelay({ pollIntervalMs: 1 })).toBe(250);
    expect(pollDelay({ pollIntervalMs: 10_000_000 })).toBe(30_000);
    expect(pollDelay({})).toBe(1000);
  });

  it('answers each input request once through the form, with tasks/update under its key', async () => {
    const ask = {
      taskId: 't1',
      status: 'input_required',
      inputRequests: {
        confirm: {
          method: 'elicitation/create',
          params: { message: 'Go on?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
        },
      },
    };
    const { wire, sent } = scripted([
      ask,
      ask,
      { taskId: 't1', status: 'working' },
      { taskId: 't1', status: 'completed', result: { content: [] } },
    ]);
    const asked: string[] = [];
    const end = await followTask(handle, {
      wire,
      elicit: async (r) => {
        asked.push(r.message);
        return { action: 'accept', content: { ok: true } };
      },
      onProgress: () => undefined,
      cancel: new AbortController().signal,
      sleep: async () => undefined,
    });
    expect(end.kind).toBe('completed');
    expect(asked).toEqual(['Go on?']);
    expect(sent.filter((s) => s.method === 'tasks/update')).toEqual([
      {
        method: 'tasks/update',
        params: { taskId: 't1', inputResponses: { confirm: { action: 'accept', content: { ok: true } } } },
      },
    ]);
  });

  it('declines what it cannot answer (a URL form, sampling)', async () => {
    const ask = {
      taskId: 't1',
      status: 'input_required',
      inputRequests: { s: { method: 'sampling/createMessage', params: {} } },
    };
    const { wire, sent } = scripted([
      ask,
      { taskId: 't1', status: 'failed', error: { code: -1, message: 'no sample' } },
    ]);
    const end = await followTask(handle, {
      wire,
      elicit: noForms,
      onProgress: () => undefined,
      cancel: new AbortController().signal,
      sleep: async () => undefined,
    });
    expect(end).toEqual({ kind: 'failed', message: 'no sample' });
    expect(sent.find((s) => s.method === 'tasks/update')?.params).toEqual({
      taskId: 't1',
      inputResponses: { s: { action: 'decline' } },
    });
  });

  it('cancel sends tasks/cancel at once, shows cancelling, and ends only when the server says the task stopped', async () => {
    const stop = new AbortController();
    let cancelled = false;
    const { wire, sent } = scripted(
      [
        { taskId: 't1', status: 'working' },
        { taskId: 't1', status: 'working' },
        { taskId: 't1', status: 'cancelled', statusMessage: 'stopped by the client' },
      ],
      { onCancel: () => (cancelled = true) },
    );
    const seen: string[] = [];
    let polls = 0;
    const end = await followTask(handle, {
      wire,
      elicit: noForms,
      onProgress: (p) => seen.push(p.status),
      cancel: stop.signal,
      sleep: async () => {
        polls += 1;
        if (polls === 1) stop.abort();
      },
    });
    expect(cancelled).toBe(true);
    expect(sent.filter((s) => s.method === 'tasks/cancel')).toHaveLength(1);
    expect(seen).toContain('cancelling');
    expect(seen.at(-1)).toBe('cancelled');
    expect(end).toEqual({ kind: 'cancelled', message: 'stopped by the client' });
  });

  it('a form open when the task is cancelled is closed, and nothing is sent for it', async () => {
    const stop = new AbortController();
    const ask = {
      taskId: 't1',
      status: 'input_required',
      inputRequests: {
        k: {
          method: 'elicitation/create',
          params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } },
        },
      },
    };
    const { wire, sent } = scripted([{ taskId: 't1', status: 'cancelled' }]);
    const end = await followTask(readTaskHandle({ ...ask, resultType: 'task' }) as McpTask, {
      wire,
      elicit: (_r, signal) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => resolve({ action: 'cancel' }));
          stop.abort();
        }),
      onProgress: () => undefined,
      cancel: stop.signal,
      sleep: async () => undefined,
    });
    expect(end.kind).toBe('cancelled');
    expect(sent.some((s) => s.method === 'tasks/update')).toBe(false);
  });

  it('gives a task up as lost after repeated poll failures or a malformed answer', async () => {
    const failing = scripted([new Error('connection refused')]);
    const lost = await followTask(handle, {
      wire: failing.wire,
      elicit: noForms,
      onProgress: () => undefined,
      cancel: new AbortController().signal,
      sleep: async () => undefined,
      maxPollFailures: 3,
    });
    expect(lost).toEqual({ kind: 'lost', message: 'Task t1 could not be polled: connection refused' });
    expect(failing.sent).toHaveLength(3);
    const odd = scripted([{ taskId: 't1', status: 'sleeping' }]);
    expect(
      await followTask(handle, {
        wire: odd.wire,
        elicit: noForms,
        onProgress: () => undefined,
        cancel: new AbortController().signal,
        sleep: async () => undefined,
      }),
    ).toEqual({
      kind: 'lost',
      message: 'The server sent task t1 with an unknown status "sleeping".',
    });
  });
});

describe('readTaskHandle', () => {
  it('tells a task handle from an ordinary result', () => {
    expect(readTaskHandle({ content: [] })).toBeNull();
    expect(readTaskHandle({ resultType: 'complete', content: [] })).toBeNull();
    expect(
      readTaskHandle({ resultType: 'task', taskId: 'x', status: 'working', pollIntervalMs: 100, ttlMs: null }),
    ).toEqual({ taskId: 'x', status: 'working', pollIntervalMs: 100, ttlMs: null });
    expect(readTaskHandle({ resultType: 'task', status: 'working' })).toEqual({
      problem: 'The server sent a task without a task id.',
    });
    expect(readTaskHandle({ resultType: 'task', taskId: 'x', status: 'completed' })).toEqual({
      problem: 'The server said task x completed but sent no result.',
    });
  });
});

describe('followTask time to live', () => {
  it('ends a task past its time to live as expired, from the time it was first seen when the server gave no createdAt', async () => {
    let clock = 10_000;
    const { wire, sent } = scripted([{ taskId: 't1', status: 'working', ttlMs: 1500, pollIntervalMs: 500 }]);
    const end = await followTask(
      { ...handle, ttlMs: 1500 },
      {
        wire,
        elicit: noForms,
        onProgress: () => undefined,
        cancel: new AbortController().signal,
        now: () => clock,
        sleep: async (ms) => void (clock += ms),
      },
    );
    expect(end).toEqual({
      kind: 'expired',
      message: 'Task t1 expired: its time to live (2 s) ran out before it ended, so the server may have discarded it.',
    });
    // Polled at 10.5, 11, 11.5 and 12 s; after the last, the time to live (from 10 s) had run out.
    expect(sent.filter((m) => m.method === 'tasks/get')).toHaveLength(4);
  });

  it('a task that ends within its time to live is not expired, and a null time to live never expires', async () => {
    let clock = 0;
    const { wire } = scripted([
      { taskId: 't1', status: 'working', ttlMs: null },
      { taskId: 't1', status: 'completed', ttlMs: null, result: { content: [] } },
    ]);
    const end = await followTask(
      { ...handle, ttlMs: null },
      {
        wire,
        elicit: noForms,
        onProgress: () => undefined,
        cancel: new AbortController().signal,
        now: () => clock,
        sleep: async () => void (clock += 1e9),
      },
    );
    expect(end.kind).toBe('completed');
  });

  it('detach stops following at once, mid-wait, mid-poll or with a form open: no more requests, reports, or cancel', async () => {
    for (const where of ['wait', 'poll', 'form'] as const) {
      const detach = new AbortController();
      const sent: string[] = [];
      const seen: TaskProgress[] = [];
      let formSignal: AbortSignal | undefined;
      const wire: TaskWire = {
        get: async () => {
          sent.push('get');
          if (where === 'poll') return new Promise(() => undefined);
          return where === 'form'
            ? {
                taskId: 't1',
                status: 'input_required',
                inputRequests: { a: { method: 'elicitation/create', params: { message: 'Name?' } } },
              }
            : { taskId: 't1', status: 'working' };
        },
        update: async () => void sent.push('update'),
        cancel: async () => void sent.push('cancel'),
      };
      const following = followTask(handle, {
        wire,
        onProgress: (p) => seen.push(p),
        cancel: new AbortController().signal,
        detach: detach.signal,
        elicit: (_, signal) => (
          (formSignal = signal),
          new Promise((resolve) => signal.addEventListener('abort', () => resolve({ action: 'cancel' })))
        ),
        sleep: (ms) =>
          where === 'wait' && sent.length > 0
            ? new Promise(() => undefined)
            : new Promise((r) => setTimeout(r, Math.min(ms, 5))),
      });
      for (let i = 0; i < 100 && (sent.length === 0 || (where === 'form' && formSignal === undefined)); i++)
        await new Promise((r) => setTimeout(r, 5));
      const before = { sent: sent.length, seen: seen.length };
      detach.abort();
      await expect(following).rejects.toBeInstanceOf(TaskFollowDetached);
      await new Promise((r) => setTimeout(r, 20));
      expect({ where, sent: sent.length, seen: seen.length }).toEqual({ where, ...before });
      expect(sent).not.toContain('cancel');
      expect(sent).not.toContain('update');
      if (where === 'form') expect(formSignal?.aborted).toBe(true);
    }
  });
});
