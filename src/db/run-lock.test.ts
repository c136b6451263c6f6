import { describe, expect, it } from 'vitest';
import {
  acquireRunLock,
  createLocalLockManager,
  heldRunSessionIds,
  isRunLocked,
  runLockName,
  withRunLock,
} from './run-lock';

describe('run lock', () => {
  it('lets one run hold a session, refuses a second, and frees it on release', async () => {
    const locks = createLocalLockManager();
    const first = await acquireRunLock('s1', locks);
    expect(first.ok).toBe(true);
    expect(await isRunLocked('s1', locks)).toBe(true);
    expect(await isRunLocked('s2', locks)).toBe(false);
    expect(await acquireRunLock('s1', locks)).toEqual({ ok: false, reason: 'locked' });
    expect((await acquireRunLock('s2', locks)).ok).toBe(true);

    if (first.ok) first.lock.release();
    await new Promise((r) => setTimeout(r, 0));
    expect(await isRunLocked('s1', locks)).toBe(false);
    expect((await acquireRunLock('s1', locks)).ok).toBe(true);
  });

  it('says when the lock manager has actually let go after release', async () => {
    const locks = createLocalLockManager();
    const got = await acquireRunLock('s1', locks);
    if (!got.ok) throw new Error('not acquired');
    let settled = false;
    void got.lock.released?.then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toBe(false);
    got.lock.release();
    await got.lock.released;
    expect(await isRunLocked('s1', locks)).toBe(false);
  });

  it('withRunLock holds the lock only while the work runs', async () => {
    const locks = createLocalLockManager();
    const inside = await withRunLock('s', () => isRunLocked('s', locks), locks);
    expect(inside).toEqual({ ok: true, value: true });
    await new Promise((r) => setTimeout(r, 0));
    expect(await isRunLocked('s', locks)).toBe(false);
  });

  it('a run asked for while this tab briefly holds the lock (a dead-run check) waits for it instead of being refused', async () => {
    const locks = createLocalLockManager();
    let finishCheck!: () => void;
    const check = withRunLock('s', () => new Promise<void>((r) => (finishCheck = r)), locks);
    await new Promise((r) => setTimeout(r, 0));
    expect(await isRunLocked('s', locks)).toBe(true);
    const run = acquireRunLock('s', locks);
    // A second brief hold meanwhile is refused, not queued behind the run.
    expect(await withRunLock('s', async () => 1, locks)).toEqual({ ok: false, reason: 'locked' });
    finishCheck();
    expect(await check).toEqual({ ok: true, value: undefined });
    const got = await run;
    expect(got.ok).toBe(true);
    // Another tab's hold (not this tab's brief one) still refuses at once.
    expect(await acquireRunLock('s', locks)).toEqual({ ok: false, reason: 'locked' });
  });

  it('asks the lock manager with ifAvailable and the session lock name', async () => {
    const asked: { name: string; ifAvailable: boolean }[] = [];
    const locks = {
      async request(name: string, options: { ifAvailable: boolean }, cb: (lock: unknown) => Promise<unknown>) {
        asked.push({ name, ifAvailable: options.ifAvailable });
        return cb(null); // held by another tab
      },
      async query() {
        return { held: [{ name: runLockName('other') }] };
      },
    };
    expect(await acquireRunLock('abc', locks)).toEqual({ ok: false, reason: 'locked' });
    expect(asked).toEqual([{ name: 'toolscope-run-abc', ifAvailable: true }]);
    expect(await isRunLocked('other', locks)).toBe(true);
  });
});

describe('heldRunSessionIds', () => {
  it('lists the sessions whose run lock is held, ignoring other locks', async () => {
    const locks = createLocalLockManager();
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const running = locks.request(runLockName('ses-a'), { ifAvailable: true }, () => held);
    const other = locks.request('something-else', { ifAvailable: true }, () => held);
    expect([...(await heldRunSessionIds(locks))]).toEqual(['ses-a']);
    release();
    await Promise.all([running, other]);
    expect((await heldRunSessionIds(locks)).size).toBe(0);
  });
});
