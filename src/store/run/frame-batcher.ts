export type FrameScheduler = (flush: () => void) => () => void;

/**
 * requestAnimationFrame, with a timer as a fallback: a hidden tab gets no frames, and its
 * run must still reach state (the persister and the other tab are watching).
 */
export const animationFrameScheduler: FrameScheduler = (flush) => {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(raf);
    clearTimeout(timer);
    flush();
  };
  const raf = requestAnimationFrame(run);
  const timer = setTimeout(run, 250);
  return () => {
    done = true;
    cancelAnimationFrame(raf);
    clearTimeout(timer);
  };
};

/**
 * Collects items and hands them over in one batch per frame, so a burst of stream deltas
 * becomes one state update (architecture.md, invariant 6: at most one React commit per animation frame).
 */
export function createFrameBatcher<T>(apply: (batch: T[]) => void, schedule: FrameScheduler = animationFrameScheduler) {
  let queue: T[] = [];
  let cancel: (() => void) | null = null;
  const flush = () => {
    cancel = null;
    const batch = queue;
    queue = [];
    if (batch.length > 0) apply(batch);
  };
  return {
    push(item: T) {
      queue.push(item);
      if (!cancel) cancel = schedule(flush);
    },
    /** Applies what is queued now (used when a run ends, so the final state is not a frame late). */
    flushNow() {
      if (cancel) cancel();
      flush();
    },
    pending: () => queue.length,
  };
}
