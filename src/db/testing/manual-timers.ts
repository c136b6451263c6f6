import type { PersisterTimers } from '../persister';

/** Timers fired by hand, so batching tests do not depend on wall time. */
export function manualTimers(): PersisterTimers & {
  fire(): void;
  readonly scheduled: number;
  readonly delays: number[];
} {
  let next: (() => void) | null = null;
  let scheduled = 0;
  const delays: number[] = [];
  return {
    delays,
    set(fn, ms) {
      next = fn;
      delays.push(ms);
      scheduled++;
      return scheduled;
    },
    clear() {
      next = null;
    },
    fire() {
      const fn = next;
      next = null;
      fn?.();
    },
    get scheduled() {
      return scheduled;
    },
  };
}
