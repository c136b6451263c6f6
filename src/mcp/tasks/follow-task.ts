/**
 * Follows one task to its end (architecture.md, "MCP Tasks"): polls tasks/get at the server's poll interval (kept
 * within sane bounds), answers the elicitation forms it asks for once each (keys are unique over a task's life) with
 * tasks/update, and on cancel sends tasks/cancel and keeps polling, showing "cancelling", until the server says the
 * task stopped: cancelling is cooperative. A status the server pushes (notifications/tasks) is taken at once;
 * polling stays the fallback. No tool timeout applies; the task's own time to live is the backstop.
 */
import type { McpElicitResponse } from '../types';
import { isTerminal, readTask, type McpTask, type McpTaskInputRequest } from './task-shape';
import { isRecord } from '../../domain/is-record';

/** The three requests of the extension, sent by the caller however its transport needs. */
export type TaskWire = {
  /** Status pushes (notifications/tasks), each the whole task as tasks/get returns it, until `signal` aborts. */
  listen?(taskId: string, onTask: (task: unknown) => void, signal: AbortSignal): void;
  get(taskId: string): Promise<unknown>;
  update(taskId: string, inputResponses: Record<string, unknown>): Promise<void>;
  cancel(taskId: string): Promise<void>;
};

export type TaskProgress = { taskId: string; status: McpTask['status'] | 'cancelling'; statusMessage?: string };

export type TaskEnd =
  | { kind: 'completed'; result: Record<string, unknown> }
  | { kind: 'failed'; message: string }
  | { kind: 'cancelled'; message?: string }
  /** The task could not be followed any more (the server stopped answering, or answered nonsense). */
  | { kind: 'lost'; message: string }
  /** Its time to live ran out before it ended: the server may have discarded it. */
  | { kind: 'expired'; message: string };

type FollowTaskOptions = {
  wire: TaskWire;
  /** Asks the person to fill a form the task needs; aborted when the task is cancelled. */
  elicit(
    request: { message: string; requestedSchema: Record<string, unknown> },
    signal: AbortSignal,
  ): Promise<McpElicitResponse>;
  onProgress(progress: TaskProgress): void;
  /** Aborting it cancels the task (Stop, "Cancel task"). */
  cancel: AbortSignal;
  /**
   * Aborting it stops following without cancelling (the session was deleted, with undo): nothing more is sent or
   * reported, an open form is closed, and followTask rejects with TaskFollowDetached.
   */
  detach?: AbortSignal;
  sleep?: (ms: number) => Promise<void>;
  /** Failed polls in a row before the task is given up as lost. */
  maxPollFailures?: number;
  now?: () => number;
};

/** followTask stopped following on `detach`: the task itself was left running. */
export class TaskFollowDetached extends Error {
  constructor(readonly taskId: string) {
    super(`Task ${taskId} is no longer followed here.`);
    this.name = 'TaskFollowDetached';
  }
}

const DEFAULT_POLL_MS = 1000;
const MIN_POLL_MS = 250;
const MAX_POLL_MS = 30_000;

export function pollDelay(task: Pick<McpTask, 'pollIntervalMs'>): number {
  const asked = task.pollIntervalMs ?? DEFAULT_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, Math.round(asked)));
}

export async function followTask(handle: McpTask, o: FollowTaskOptions): Promise<TaskEnd> {
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const maxFailures = o.maxPollFailures ?? 5;
  const id = handle.taskId;
  const answered = new Set<string>();
  const forms = new AbortController();
  let cancelling = false;
  let task = handle;
  const now = o.now ?? Date.now;
  const seenAt = now();
  // A status push replaces the task at once and cuts the wait short; polling goes on as the fallback.
  let wake: (() => void) | null = null;
  const pushes = new AbortController();
  o.wire.listen?.(
    id,
    (value) => {
      const next = readTask(value);
      if ('problem' in next || next.taskId !== id || isTerminal(task.status) || o.detach?.aborted === true) return;
      task = next;
      wake?.();
    },
    pushes.signal,
  );

  // Detaching wakes every wait (the poll interval, a tasks/get in flight, an open form) and ends the loop.
  let onDetach: () => void = () => undefined;
  const detached = new Promise<never>((_, reject) => {
    onDetach = () => {
      forms.abort();
      wake?.();
      reject(new TaskFollowDetached(id));
    };
  });
  detached.catch(() => undefined);
  const check = () => {
    if (o.detach?.aborted === true) throw new TaskFollowDetached(id);
  };
  const report = () =>
    o.onProgress({
      taskId: id,
      status: cancelling && !isTerminal(task.status) ? 'cancelling' : task.status,
      ...(task.statusMessage !== undefined ? { statusMessage: task.statusMessage } : {}),
    });
  const cancel = () => {
    if (cancelling) return;
    cancelling = true;
    forms.abort();
    report();
    void o.wire.cancel(id).catch(() => undefined);
  };
  check();
  if (o.cancel.aborted) cancel();
  else o.cancel.addEventListener('abort', cancel, { once: true });
  o.detach?.addEventListener('abort', onDetach, { once: true });

  try {
    let failures = 0;
    for (;;) {
      check();
      report();
      const end = endOf(task);
      if (end !== null) return end;
      if (expired(task, seenAt, now())) return expiredEnd(task);
      if (task.status === 'input_required' && !cancelling) {
        await answerInputs(task, answered, o, forms.signal).catch((error: unknown) => {
          check();
          throw error;
        });
      }
      check();
      const before = task;
      await Promise.race([sleep(pollDelay(task)), new Promise<void>((r) => (wake = r))]);
      wake = null;
      check();
      if (task !== before) continue;
      try {
        const next = readTask(await Promise.race([o.wire.get(id), detached]));
        if ('problem' in next) return { kind: 'lost', message: next.problem };
        task = next;
        failures = 0;
      } catch (error) {
        if (error instanceof TaskFollowDetached) throw error;
        failures += 1;
        if (expired(task, seenAt, now())) return expiredEnd(task);
        if (failures >= maxFailures)
          return {
            kind: 'lost',
            message: `Task ${id} could not be polled: ${error instanceof Error ? error.message : String(error)}`,
          };
      }
    }
  } finally {
    o.cancel.removeEventListener('abort', cancel);
    o.detach?.removeEventListener('abort', onDetach);
    pushes.abort();
  }
}

/**
 * The TTL backstop: past `createdAt` + `ttlMs` without an end, the server may have discarded the task, so it is not
 * polled on (until the server's not-found answers ran out). Without a `createdAt`, the time it was first seen.
 */
function expired(task: McpTask, seenAt: number, at: number): boolean {
  if (task.ttlMs === undefined || task.ttlMs === null || isTerminal(task.status)) return false;
  const created = task.createdAt !== undefined ? Date.parse(task.createdAt) : NaN;
  return at > (Number.isFinite(created) ? created : seenAt) + task.ttlMs;
}

function expiredEnd(task: McpTask): TaskEnd {
  const ttl = task.ttlMs ?? 0;
  const span =
    ttl >= 60_000 ? `${Math.round(ttl / 60_000)} min` : ttl >= 1000 ? `${Math.round(ttl / 1000)} s` : `${ttl} ms`;
  return {
    kind: 'expired',
    message: `Task ${task.taskId} expired: its time to live (${span}) ran out before it ended, so the server may have discarded it.`,
  };
}

function endOf(task: McpTask): TaskEnd | null {
  switch (task.status) {
    case 'completed':
      return { kind: 'completed', result: task.result ?? {} };
    case 'failed':
      return {
        kind: 'failed',
        message: task.error?.message ?? task.statusMessage ?? 'The task failed without a message.',
      };
    case 'cancelled':
      return { kind: 'cancelled', ...(task.statusMessage !== undefined ? { message: task.statusMessage } : {}) };
    default:
      return null;
  }
}

async function answerInputs(
  task: McpTask,
  answered: Set<string>,
  o: FollowTaskOptions,
  signal: AbortSignal,
): Promise<void> {
  for (const [key, request] of Object.entries(task.inputRequests ?? {})) {
    if (answered.has(key)) continue;
    answered.add(key);
    const response = await answer(request, o, signal);
    if (signal.aborted) return;
    await o.wire.update(task.taskId, { [key]: response }).catch(() => undefined);
  }
}

async function answer(request: McpTaskInputRequest, o: FollowTaskOptions, signal: AbortSignal): Promise<unknown> {
  if (request.method !== 'elicitation/create' || request.params.mode === 'url') return { action: 'decline' };
  const message = typeof request.params.message === 'string' ? request.params.message : 'The task asks for input.';
  const schema = request.params.requestedSchema;
  const requestedSchema = isRecord(schema) ? schema : { type: 'object', properties: {} };
  return o.elicit({ message, requestedSchema }, signal);
}
