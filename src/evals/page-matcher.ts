import { workerMatcher, type MatchWorkerLike, type WorkerMatcher } from './answer-matcher';

/**
 * The page's "Answer matches" matcher: a module worker with a time limit per check (architecture.md, "Test cases and
 * suites"). Only the lazily loaded suite runner reaches this file, so the worker is fetched when a suite runs.
 */
export function pageMatcher(): WorkerMatcher {
  return workerMatcher(
    () =>
      new Worker(new URL('./match-worker.ts', import.meta.url), {
        type: 'module',
        name: 'toolscope-answer-match',
      }) as unknown as MatchWorkerLike,
  );
}
