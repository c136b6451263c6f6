/**
 * One run per session across tabs. A run holds the Web Lock `toolscope-run-<sessionId>` for its whole duration;
 * other tabs see it with isRunLocked() and show the run read-only. The browser releases the lock if the tab dies,
 * which is what lets crash recovery tell a dead run from one live in another tab.
 */

/** The part of the Web Locks API we use (navigator.locks), injectable for tests. */
type LockManagerLike = {
  request(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
  query(): Promise<{ held?: { name?: string }[] }>;
};

export const runLockName = (sessionId: string) => `toolscope-run-${sessionId}`;

export type RunLock = {
  readonly sessionId: string;
  release(): void;
  /**
   * Settles once the lock manager has let go after release(), which is asynchronous: until then isRunLocked()
   * in any tab, this one included, still reports the run.
   */
  readonly released?: Promise<void>;
};
export type AcquireResult = { ok: true; lock: RunLock } | { ok: false; reason: 'locked' };

/**
 * Without navigator.locks (old browsers, Node) locks are only known within this tab. Cross-tab safety is then lost,
 * but a tab still cannot start two runs for one session.
 */
export function createLocalLockManager(): LockManagerLike {
  const held = new Set<string>();
  return {
    async request(name, _options, callback) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
    async query() {
      return { held: [...held].map((name) => ({ name })) };
    },
  };
}

let fallback: LockManagerLike | null = null;

function defaultLockManager(): LockManagerLike {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  if (nav?.locks) return nav.locks;
  fallback ??= createLocalLockManager();
  return fallback;
}

/**
 * This tab's brief holds (withRunLock: a repair check, a breakpoint change), per lock manager and session. A run
 * started here waits for them instead of being refused: the chat's dead-run check can take the lock in the moment
 * between a run's end and its stored status catching up, and a Send in that moment must still start.
 */
const briefHolds = new WeakMap<LockManagerLike, Map<string, Promise<unknown>>>();

function briefHoldsOf(locks: LockManagerLike): Map<string, Promise<unknown>> {
  let held = briefHolds.get(locks);
  if (!held) {
    held = new Map();
    briefHolds.set(locks, held);
  }
  return held;
}

export async function acquireRunLock(
  sessionId: string,
  locks: LockManagerLike = defaultLockManager(),
): Promise<AcquireResult> {
  // Several may be queued (a hold can start while another is awaited): wait until none is left.
  for (let hold = briefHoldsOf(locks).get(sessionId); hold; hold = briefHoldsOf(locks).get(sessionId))
    await hold.catch(() => undefined);
  return request(sessionId, locks);
}

function request(sessionId: string, locks: LockManagerLike): Promise<AcquireResult> {
  return new Promise<AcquireResult>((resolve, reject) => {
    let release!: () => void;
    const releaseAsked = new Promise<void>((r) => (release = r));
    let letGo!: () => void;
    const released = new Promise<void>((r) => (letGo = r));
    locks
      .request(runLockName(sessionId), { ifAvailable: true }, async (lock) => {
        if (!lock) {
          resolve({ ok: false, reason: 'locked' });
          return;
        }
        resolve({ ok: true, lock: { sessionId, release, released } });
        await releaseAsked;
      })
      .then(letGo, (err: unknown) => {
        letGo();
        reject(err);
      });
  });
}

export async function isRunLocked(sessionId: string, locks: LockManagerLike = defaultLockManager()): Promise<boolean> {
  return (await heldRunSessionIds(locks)).has(sessionId);
}

/** Runs `fn` while holding the session's run lock; `{ ok: false }` when another run (any tab) holds it. */
export async function withRunLock<T>(
  sessionId: string,
  fn: () => Promise<T>,
  locks: LockManagerLike = defaultLockManager(),
): Promise<{ ok: true; value: T } | { ok: false; reason: 'locked' }> {
  const held = briefHoldsOf(locks);
  // One brief hold at a time per session: a second would find the lock taken anyway.
  if (held.has(sessionId)) return { ok: false, reason: 'locked' };
  let over!: () => void;
  held.set(sessionId, new Promise<void>((r) => (over = r)));
  try {
    const got = await request(sessionId, locks);
    if (!got.ok) return got;
    try {
      return { ok: true, value: await fn() };
    } finally {
      got.lock.release();
      await got.lock.released;
    }
  } finally {
    held.delete(sessionId);
    over();
  }
}

/** Sessions with a live run in any tab of this origin (one lock query for many sessions). */
export async function heldRunSessionIds(locks: LockManagerLike = defaultLockManager()): Promise<ReadonlySet<string>> {
  const prefix = runLockName('');
  const snapshot = await locks.query();
  const ids = new Set<string>();
  for (const l of snapshot.held ?? []) if (l.name?.startsWith(prefix)) ids.add(l.name.slice(prefix.length));
  return ids;
}
