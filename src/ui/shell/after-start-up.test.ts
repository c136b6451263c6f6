import { describe, expect, it } from 'vitest';
import { afterStartUp, type StartUpWindow } from './after-start-up';

/** A window whose load event and idle moments fire only when the test says so. */
function fakeWindow(opts: { loaded: boolean; idle: boolean }) {
  const loadListeners: (() => void)[] = [];
  const idleCallbacks: { callback: () => void; timeout: number }[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const doc = { readyState: (opts.loaded ? 'complete' : 'interactive') as DocumentReadyState };
  const win: StartUpWindow = {
    document: doc,
    addEventListener: (_type, listener) => void loadListeners.push(listener),
    setTimeout: (callback, ms) => timers.push({ callback, ms }),
  };
  if (opts.idle) win.requestIdleCallback = (callback, { timeout }) => idleCallbacks.push({ callback, timeout });
  const load = () => {
    doc.readyState = 'complete';
    for (const l of loadListeners.splice(0)) l();
  };
  return { win, load, idleCallbacks, timers };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function track(p: Promise<void>) {
  const state = { done: false };
  void p.then(() => (state.done = true));
  return state;
}

describe('afterStartUp', () => {
  it('waits for start-up even when the page has long fired its load event, then for an idle moment', async () => {
    const { win, idleCallbacks } = fakeWindow({ loaded: true, idle: true });
    let finish: () => void = () => undefined;
    const startUp = new Promise<void>((resolve) => (finish = resolve));
    const state = track(afterStartUp(startUp, win, 4000));
    await settle();
    expect(idleCallbacks).toHaveLength(0);
    finish();
    await settle();
    expect(state.done).toBe(false);
    expect(idleCallbacks.map((c) => c.timeout)).toEqual([4000]);
    idleCallbacks[0]?.callback();
    await settle();
    expect(state.done).toBe(true);
  });

  it('waits for the load event when start-up ends first', async () => {
    const { win, load, idleCallbacks } = fakeWindow({ loaded: false, idle: true });
    const state = track(afterStartUp(Promise.resolve(), win));
    await settle();
    expect(idleCallbacks).toHaveLength(0);
    load();
    await settle();
    expect(idleCallbacks).toHaveLength(1);
    idleCallbacks[0]?.callback();
    await settle();
    expect(state.done).toBe(true);
  });

  it('goes on after a start-up that failed, and uses a timer where there are no idle callbacks', async () => {
    const { win, timers } = fakeWindow({ loaded: true, idle: false });
    const state = track(afterStartUp(Promise.reject(new Error('chunk failed to load')), win));
    await settle();
    expect(timers).toHaveLength(1);
    expect(state.done).toBe(false);
    timers[0]?.callback();
    await settle();
    expect(state.done).toBe(true);
  });
});
