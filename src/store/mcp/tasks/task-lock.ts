/**
 * One tab follows a task (architecture.md, "MCP Tasks"). Two tabs showing the same session would both poll a task
 * and both write its row; the Web Lock `toolscope-mcp-task-<callId>` makes one the follower. The other shows the
 * lane from the stored row (which the follower keeps current) and waits for the lock: when the follower's tab is
 * closed or reloaded, the browser releases it and the waiting tab takes over if the task has still not ended.
 */

/** The part of navigator.locks used here, injectable for tests. */
export type TaskLockManager = {
  request(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
};

export const taskLockName = (callId: string) => `toolscope-mcp-task-${callId}`;

/** navigator.locks when the browser has it; without it (Node, old browsers) each tab follows on its own, as before. */
export function browserTaskLocks(): TaskLockManager | null {
  const locks = (globalThis as { navigator?: { locks?: TaskLockManager } }).navigator?.locks;
  return locks ?? null;
}

type LockedFollow = {
  /** Follows the task to its end (or until it is let go); the lock is held meanwhile. */
  follow(): Promise<void>;
  /** Another tab follows: show the stored row as it changes, until the returned function is called. */
  watch(): () => void;
  /** Asked when the lock comes free after waiting: whether the stored task still needs following. */
  stillOpen(): Promise<boolean>;
  signal?: AbortSignal;
};

export type LockedFollowOutcome = 'followed' | 'ended elsewhere' | 'aborted';

export async function followWithLock(
  name: string,
  locks: TaskLockManager | null,
  o: LockedFollow,
): Promise<LockedFollowOutcome> {
  if (locks === null) {
    await o.follow();
    return 'followed';
  }
  let free = false;
  await locks.request(name, { ifAvailable: true }, async (lock) => {
    if (lock === null) return;
    free = true;
    await o.follow();
  });
  if (free) return 'followed';
  const watching = o.watch();
  let watched = true;
  const stopWatching = () => {
    if (watched) watching();
    watched = false;
  };
  try {
    return (await locks.request(name, o.signal !== undefined ? { signal: o.signal } : {}, async () => {
      stopWatching();
      if (!(await o.stillOpen())) return 'ended elsewhere';
      await o.follow();
      return 'followed';
    })) as LockedFollowOutcome;
  } catch (error) {
    if (o.signal?.aborted === true) return 'aborted';
    throw error;
  } finally {
    stopWatching();
  }
}

/** Runs `fn` holding the lock when it is free, and runs it all the same when it is not (a run's own call). */
export async function holdIfFree<T>(name: string, locks: TaskLockManager | null, fn: () => Promise<T>): Promise<T> {
  if (locks === null) return fn();
  return (await locks.request(name, { ifAvailable: true }, () => fn())) as T;
}
