/**
 * Resolves in a later task, so the work after it does not join the current one: start-up splits its steps with it
 * (speed-and-tests.md, "Start-up") so no step holds the main thread for long, and the browser paints and handles input
 * in between. `scheduler.yield` where there is one (it keeps this work ahead of other queued tasks), else a
 * zero-delay timer.
 */
type YieldingScheduler = { yield: () => Promise<void> };

export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
