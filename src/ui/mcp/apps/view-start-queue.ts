/**
 * Views start one at a time (architecture.md, "MCP Apps"): a frame's creation, its sandbox page, the View's HTML and
 * the bridge's handshake are each cheap, but twenty at once made one main-thread task of them all. A View takes the
 * slot when it is near the viewport, gives it back once its bridge is up (or it failed, or left, or took too long),
 * and the next one starts in the following idle period.
 */
const waiting: Array<() => void> = [];
let busy = false;

/** Past this a View that has not finished starting lets the next one begin anyway. */
const SLOT_MS = 1_500;

function idle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 100 });
  else setTimeout(run, 0);
}

function next(): void {
  const start = waiting.shift();
  if (start === undefined) busy = false;
  else start();
}

/**
 * Calls `start` when this View's turn comes, with the function that gives the slot back (safe to call twice; the
 * View calls it when its bridge is up or it goes away). Returns a cancel for a View that goes away while waiting:
 * its turn is skipped. Once started, cancel does nothing (the slot is the View's until it releases it or time runs out).
 */
export function takeStartSlot(start: (release: () => void) => void): () => void {
  let released = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const release = () => {
    if (released) return;
    released = true;
    if (timer !== null) clearTimeout(timer);
    idle(next);
  };
  const run = () => {
    timer = setTimeout(release, SLOT_MS);
    start(release);
  };
  let cancelled = false;
  const queued = () => {
    if (!cancelled) run();
    else next();
  };
  if (!busy) {
    busy = true;
    run();
  } else waiting.push(queued);
  return () => {
    cancelled = true;
  };
}
