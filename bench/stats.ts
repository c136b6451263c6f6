import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Linear-interpolated quantile of `xs` (q in [0, 1]); NaN for an empty list. */
function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const a = s[lo] ?? NaN;
  const b = s[hi] ?? NaN;
  return a + (b - a) * (at - lo);
}

export type Spread = { median: number; p25: number; p75: number; min: number; max: number };

export function spread(xs: readonly number[]): Spread {
  return {
    median: quantile(xs, 0.5),
    p25: quantile(xs, 0.25),
    p75: quantile(xs, 0.75),
    min: xs.length ? Math.min(...xs) : NaN,
    max: xs.length ? Math.max(...xs) : NaN,
  };
}

/**
 * Process CPU time (user + system, all threads), not wall time: the bench shares 2 cores with other
 * jobs, and wall time would charge each path for the time the OS gave to them.
 */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;

/** BENCH_GC=full restores a full GC before every sample, to see the re-JIT cost described below. */
const FULL_BEFORE_SAMPLE = process.env.BENCH_GC === 'full';

/**
 * Before every sample: a scavenge, so each path starts with an empty young generation and does not
 * pay for the previous path's garbage. Not a full GC: a full GC collects the hidden classes of the
 * parsed chunks, which throws away every optimized function that embedded them, so the path under
 * test (JS) would pay a re-JIT in each sample while the floor (mostly builtins) would not. That
 * measured +15-60% on the assembled path and mostly noise, not throughput.
 */
export function beforeSample(): void {
  gc({ type: FULL_BEFORE_SAMPLE ? 'major' : 'minor' });
}

export const gcBeforeSample = FULL_BEFORE_SAMPLE ? 'full GC' : 'scavenge';

/** Between cases and before the SDK phase, where the heap should start clean. */
export function fullGC(): void {
  gc({ type: 'major' });
}
