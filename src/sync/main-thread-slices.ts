/**
 * How sync's rounds share the page's main thread (architecture.md, "Sync and backup"): loops over thousands of
 * records give the thread back once a slice has run for a few milliseconds (measured, not counted: a record may be
 * 100 bytes or 100 KB), and IndexedDB writes go in slices bounded by their size, since a put clones its values on
 * the calling thread before the request is even queued.
 */

/** How long a slice of a loop runs before it yields (wall time: on a busy machine that only means smaller slices). */
const SLICE_MS = 8;
/** About how many bytes of values one bulk write clones at once (a few milliseconds of structured clone). */
export const WRITE_SLICE_BYTES = 256 * 1024;

type SchedulerLike = { yield?: () => Promise<void> };

/** Gives the page a turn: `scheduler.yield()` where there is one, else a message-channel task (no 4 ms timer clamp). */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        ch.port1.close();
        resolve();
      };
      ch.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** A loop's clock: `await slice()` in the loop yields once the current slice has run for `ms`. */
export function timeSlicer(ms = SLICE_MS): () => Promise<void> | undefined {
  let start = now();
  return () => {
    if (now() - start < ms) return undefined;
    return yieldToPage().then(() => {
      start = now();
    });
  };
}

/**
 * Splits `items` into runs whose estimated size stays under `bytes` (at least one item each), in order. `sizeOf`
 * is an estimate (a text length the caller already has), not a serialization.
 */
export function bySize<T>(items: readonly T[], sizeOf: (item: T) => number, bytes = WRITE_SLICE_BYTES): T[][] {
  const out: T[][] = [];
  let run: T[] = [];
  let size = 0;
  for (const item of items) {
    const s = sizeOf(item);
    if (run.length > 0 && size + s > bytes) {
      out.push(run);
      run = [];
      size = 0;
    }
    run.push(item);
    size += s;
  }
  if (run.length > 0) out.push(run);
  return out;
}
