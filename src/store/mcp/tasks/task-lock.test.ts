import { describe, expect, it } from 'vitest';
import { followWithLock, holdIfFree, taskLockName, type TaskLockManager } from './task-lock';

/** Web Locks as the browser keeps them for one origin (exclusive locks): shared by the "tabs" of a test. */
function lockManager() {
  const held = new Set<string>();
  const queues = new Map<string, Array<() => void>>();
  const release = (name: string) => {
    held.delete(name);
    const next = queues.get(name)?.shift();
    next?.();
  };
  const locks: TaskLockManager = {
    async request(name, options, callback) {
      if (held.has(name)) {
        if (options.ifAvailable === true) return callback(null);
        await new Promise<void>((resolve, reject) => {
          const grant = () => resolve();
          queues.set(name, [...(queues.get(name) ?? []), grant]);
          options.signal?.addEventListener('abort', () => {
            queues.set(
              name,
              (queues.get(name) ?? []).filter((g) => g !== grant),
            );
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
      }
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        release(name);
      }
    },
  };
  /** Another tab holding the lock until the returned function is called (its tab closed). */
  const holdElsewhere = async (name: string) => {
    let close: () => void = () => undefined;
    const closed = new Promise<void>((r) => (close = r));
    let granted: () => void = () => undefined;
    const got = new Promise<void>((r) => (granted = r));
    void locks.request(name, {}, async () => {
      granted();
      await closed;
    });
    await got;
    return close;
  };
  return { locks, held, holdElsewhere };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const name = taskLockName('call_1');

describe('one tab follows a task', () => {
  it('follows while holding the lock when it is free; another request meanwhile finds it taken', async () => {
    const { locks, held } = lockManager();
    const log: string[] = [];
    let finish: () => void = () => undefined;
    const running = followWithLock(name, locks, {
      follow: () => (log.push('follow'), new Promise<void>((r) => (finish = r))),
      watch: () => (log.push('watch'), () => log.push('unwatch')),
      stillOpen: async () => true,
    });
    await tick();
    expect(held.has('toolscope-mcp-task-call_1')).toBe(true);
    expect(await locks.request(name, { ifAvailable: true }, async (lock) => lock)).toBeNull();
    finish();
    expect(await running).toBe('followed');
    expect(log).toEqual(['follow']);
    expect(held.size).toBe(0);
  });

  it('while another tab follows, shows the stored row; when that tab goes, takes over if the task is still open', async () => {
    const { locks, holdElsewhere } = lockManager();
    const closeOther = await holdElsewhere(name);
    const log: string[] = [];
    const running = followWithLock(name, locks, {
      follow: async () => void log.push('follow'),
      watch: () => (log.push('watch'), () => log.push('unwatch')),
      stillOpen: async () => (log.push('still open?'), true),
    });
    await tick();
    expect(log).toEqual(['watch']);
    closeOther();
    expect(await running).toBe('followed');
    // Watching stops before following starts, and only once.
    expect(log).toEqual(['watch', 'unwatch', 'still open?', 'follow']);
  });

  it('does not follow a task that ended while the other tab followed it', async () => {
    const { locks, holdElsewhere } = lockManager();
    const closeOther = await holdElsewhere(name);
    let followed = false;
    const running = followWithLock(name, locks, {
      follow: async () => void (followed = true),
      watch: () => () => undefined,
      stillOpen: async () => false,
    });
    closeOther();
    expect(await running).toBe('ended elsewhere');
    expect(followed).toBe(false);
  });

  it('stops waiting when asked, and stops watching', async () => {
    const { locks, holdElsewhere } = lockManager();
    await holdElsewhere(name);
    const stop = new AbortController();
    let watching = false;
    const running = followWithLock(name, locks, {
      follow: async () => undefined,
      watch: () => ((watching = true), () => (watching = false)),
      stillOpen: async () => true,
      signal: stop.signal,
    });
    await tick();
    expect(watching).toBe(true);
    stop.abort();
    expect(await running).toBe('aborted');
    expect(watching).toBe(false);
  });

  it('two tabs resuming the same task at once: exactly one follows', async () => {
    const { locks } = lockManager();
    let follows = 0;
    let watches = 0;
    let ended = false;
    let finish: () => void = () => undefined;
    const tab = () =>
      followWithLock(name, locks, {
        follow: () => ((follows += 1), new Promise<void>((r) => (finish = () => ((ended = true), r())))),
        watch: () => ((watches += 1), () => undefined),
        stillOpen: async () => !ended,
      });
    const [a, b] = [tab(), tab()];
    await tick();
    expect([follows, watches]).toEqual([1, 1]);
    finish();
    expect((await Promise.all([a, b])).sort()).toEqual(['ended elsewhere', 'followed']);
    expect(follows).toBe(1);
  });

  it("without Web Locks each tab follows (as before); a run's own call is followed whether or not the lock is free", async () => {
    let followed = 0;
    expect(
      await followWithLock(name, null, {
        follow: async () => void (followed += 1),
        watch: () => () => undefined,
        stillOpen: async () => true,
      }),
    ).toBe('followed');
    const { locks, holdElsewhere, held } = lockManager();
    expect(await holdIfFree(name, locks, async () => held.has(name))).toBe(true);
    await holdElsewhere(name);
    expect(await holdIfFree(name, locks, async () => 'ran anyway')).toBe('ran anyway');
    expect(await holdIfFree(name, null, async () => 'no locks')).toBe('no locks');
    expect(followed).toBe(1);
  });
});
