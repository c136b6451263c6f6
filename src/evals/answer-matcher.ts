/**
 * "Answer matches" behind a port (architecture.md, "Test cases and suites"). A pattern the exponential-shape guard lets
 * through can still be slow (polynomial backtracking on a very long answer), and a RegExp cannot be interrupted on
 * the thread it runs on. So a suite run on the page tests each pattern in a worker with a time limit; past the limit
 * the worker is ended and the check fails with a reason. Tests inject an in-process matcher or a fake worker and timer.
 */
type MatchVerdict =
  | { kind: 'match' }
  | { kind: 'no_match' }
  | { kind: 'timed_out'; limitMs: number }
  /** The worker never said it had the pattern (a page or machine too busy to start it): nothing was tested. */
  | { kind: 'not_started'; startLimitMs: number }
  | { kind: 'failed'; message: string };

export type AnswerMatcher = (pattern: string, answer: string) => Promise<MatchVerdict>;

/** What the matcher worker is asked and answers (evals/match-worker.ts). */
export type MatchRequest = { id: number; pattern: string; answer: string };
/** `started`: the worker has the pattern and is about to run it; the check's time limit starts there. */
export type MatchReply =
  | { id: number; kind: 'started' }
  | { id: number; kind: 'done'; matched: boolean }
  | { id: number; kind: 'error'; message: string };

/** The part of a Worker the matcher uses, so tests can stand in for it. */
export type MatchWorkerLike = {
  postMessage(message: MatchRequest): void;
  terminate(): void;
  onmessage: ((event: { data: MatchReply }) => void) | null;
  onerror: ((event: { message?: string; preventDefault?: () => void }) => void) | null;
};

export type Timers = { set(fn: () => void, ms: number): unknown; clear(handle: unknown): void };

/** 1 s per check, counted from when the pattern starts: a sane pattern on any answer a model gives takes microseconds. */
const MATCH_LIMIT_MS = 1000;

/**
 * How long a check waits for the worker to take its pattern: fetching and starting a worker on a busy machine can take
 * seconds, and that time must not count against the pattern.
 */
const START_LIMIT_MS = 30_000;

/** On the calling thread, no limit: for tests and for places with no workers (Node). */
export const inProcessMatcher: AnswerMatcher = async (pattern, answer) => {
  try {
    return new RegExp(pattern).test(answer) ? { kind: 'match' } : { kind: 'no_match' };
  } catch (e) {
    return { kind: 'failed', message: e instanceof Error ? e.message : String(e) };
  }
};

export type WorkerMatcher = { match: AnswerMatcher; dispose(): void };

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * One worker, checks one after another. Each check's limit starts when the worker says it has started that pattern,
 * not when the worker was spawned or the check posted, so a slow start or a slow check before never eats into its
 * time; a worker that does not start within `startLimitMs` fails the check with its own reason. A check past either
 * limit ends the worker; the next check starts a fresh one.
 */
export function workerMatcher(
  spawn: () => MatchWorkerLike,
  limitMs = MATCH_LIMIT_MS,
  timers: Timers = realTimers,
  startLimitMs = START_LIMIT_MS,
): WorkerMatcher {
  let worker: MatchWorkerLike | null = null;
  let nextId = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let disposed = false;

  const runOne = (pattern: string, answer: string): Promise<MatchVerdict> =>
    new Promise((resolve) => {
      if (disposed) return resolve({ kind: 'failed', message: 'The suite run was over.' });
      const w = (worker ??= spawn());
      const id = ++nextId;
      const settle = (verdict: MatchVerdict) => {
        timers.clear(timer);
        w.onmessage = null;
        w.onerror = null;
        resolve(verdict);
      };
      const end = (verdict: MatchVerdict) => {
        w.terminate();
        if (worker === w) worker = null;
        settle(verdict);
      };
      let timer = timers.set(() => end({ kind: 'not_started', startLimitMs }), startLimitMs);
      w.onmessage = (e) => {
        const reply = e.data;
        if (reply.id !== id) return;
        if (reply.kind === 'started') {
          timers.clear(timer);
          timer = timers.set(() => end({ kind: 'timed_out', limitMs }), limitMs);
          return;
        }
        settle(
          reply.kind === 'done'
            ? { kind: reply.matched ? 'match' : 'no_match' }
            : { kind: 'failed', message: reply.message },
        );
      };
      w.onerror = (e) => {
        e.preventDefault?.();
        w.terminate();
        if (worker === w) worker = null;
        settle({ kind: 'failed', message: e.message || 'The pattern worker stopped.' });
      };
      w.postMessage({ id, pattern, answer });
    });

  const match: AnswerMatcher = (pattern, answer) => {
    const turn = queue.then(() => runOne(pattern, answer));
    queue = turn.catch(() => undefined);
    return turn;
  };
  return {
    match,
    dispose() {
      disposed = true;
      worker?.terminate();
      worker = null;
    },
  };
}
