/**
 * Named gates a test opens: the way a scripted answer (a `hold` step) or a tool endpoint (`/tools/hold`) stays in
 * progress exactly as long as the test needs it, however slow the machine. A delay only guesses how long that is.
 *
 * Each gate counts permits, like a semaphore: `release(name)` adds one, and every arrival at the gate takes one,
 * waiting while there is none. A release that comes before the arrival is kept, so the order of the two never
 * matters. A waiter whose client goes away stops waiting (and takes no permit).
 */
export type Gates = {
  /** Resolves true once a permit for `name` is taken, or false as soon as `signal` aborts. */
  pass(name: string, signal: AbortSignal): Promise<boolean>;
  /** Lets `count` (default 1) arrivals through, now or later. */
  release(name: string, count?: number): void;
  /** How many arrivals wait at `name` right now. */
  waiting(name: string): number;
  /** Calls `listener` whenever someone starts or stops waiting; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
};

type Waiter = { take: () => void };
type Gate = { permits: number; queue: Waiter[] };

export function createGates(): Gates {
  const gates = new Map<string, Gate>();
  const listeners = new Set<() => void>();
  const gate = (name: string): Gate => {
    let g = gates.get(name);
    if (!g) {
      g = { permits: 0, queue: [] };
      gates.set(name, g);
    }
    return g;
  };
  const changed = () => {
    for (const l of [...listeners]) l();
  };
  return {
    pass(name, signal) {
      if (signal.aborted) return Promise.resolve(false);
      const g = gate(name);
      if (g.permits > 0 && g.queue.length === 0) {
        g.permits--;
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => {
        const onAbort = () => {
          g.queue = g.queue.filter((w) => w !== waiter);
          resolve(false);
          changed();
        };
        const waiter: Waiter = {
          take: () => {
            signal.removeEventListener('abort', onAbort);
            resolve(true);
          },
        };
        g.queue.push(waiter);
        signal.addEventListener('abort', onAbort, { once: true });
        changed();
      });
    },
    release(name, count = 1) {
      const g = gate(name);
      g.permits += count;
      let moved = false;
      while (g.permits > 0 && g.queue.length > 0) {
        g.permits--;
        g.queue.shift()!.take();
        moved = true;
      }
      if (moved) changed();
    },
    waiting(name) {
      return gates.get(name)?.queue.length ?? 0;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
