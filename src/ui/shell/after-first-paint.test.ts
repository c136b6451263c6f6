import { describe, expect, it } from 'vitest';
import { afterFirstPaint, type PaintWindow } from './after-first-paint';

/** A window whose paint entries and timers the test fires by hand. */
function fakeWindow(opts: { hidden?: boolean; paintTiming?: boolean } = {}) {
  const observers: ((names: string[]) => void)[] = [];
  const timers: (() => void)[] = [];
  let disconnected = 0;
  class Observer {
    static supportedEntryTypes = opts.paintTiming === false ? ['mark'] : ['paint', 'mark'];
    constructor(callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
      observers.push((names) => callback({ getEntriesByName: (n) => names.filter((x) => x === n) }));
    }
    observe() {}
    disconnect() {
      disconnected++;
    }
  }
  const win: PaintWindow = {
    document: { visibilityState: opts.hidden ? 'hidden' : 'visible' },
    PerformanceObserver: Observer,
    setTimeout: (cb) => timers.push(cb),
  };
  return {
    win,
    paint: (...names: string[]) => observers.forEach((o) => o(names)),
    fireTimers: () => timers.forEach((t) => t()),
    disconnected: () => disconnected,
  };
}

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint, not the first paint', async () => {
    const w = fakeWindow();
    const p = afterFirstPaint(w.win);
    w.paint('first-paint');
    expect(await settled(p)).toBe(false);
    w.paint('first-contentful-paint');
    expect(await settled(p)).toBe(true);
    expect(w.disconnected()).toBe(1);
  });

  it('goes on at once in a hidden tab, which does not paint', async () => {
    expect(await settled(afterFirstPaint(fakeWindow({ hidden: true }).win))).toBe(true);
  });

  it('goes on at once without paint timing, and after the wait when no paint is reported', async () => {
    expect(await settled(afterFirstPaint(fakeWindow({ paintTiming: false }).win))).toBe(true);
    const w = fakeWindow();
    const p = afterFirstPaint(w.win);
    expect(await settled(p)).toBe(false);
    w.fireTimers();
    expect(await settled(p)).toBe(true);
  });
});
