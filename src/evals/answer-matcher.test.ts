import { Worker as NodeWorker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { scriptedModel, textReply } from '../agent/testing/scripted-model';
import type { EvalCaseRecord } from '../domain/eval-case';
import { createInProcessValidator } from '../tools/validation/in-process-validator';
import { workerMatcher, type MatchReply, type MatchRequest, type MatchWorkerLike, type Timers } from './answer-matcher';
import { argsValidatorOn } from './args-validator';
import { checkFailure } from './checks';
import { runSuite, type SuiteRunDeps } from './run-suite';
import { suiteRunDeps } from './testing/suite-run-deps';

// Slow but not exponential: the guard lets it through, and on a long run of digits ending in a letter every split
// of every suffix is tried (cubic time).
const SLOW = '\\d+\\d+$';
const LONG = `${'1'.repeat(50_000)}x`;

/**
 * A stand-in worker: answers like match-worker.ts (started, then the result), except that a pattern in `hangOn` starts
 * and never comes back, and while `starting` is set the worker has not started at all: what it was posted waits.
 */
function fakeWorker(hangOn: ReadonlySet<string>, log: string[], starting?: { ready: Promise<void> }): MatchWorkerLike {
  const w: MatchWorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage(m: MatchRequest) {
      log.push(`post ${m.pattern}`);
      void (starting?.ready ?? Promise.resolve()).then(() => {
        w.onmessage?.({ data: { id: m.id, kind: 'started' } });
        if (hangOn.has(m.pattern)) return;
        queueMicrotask(() =>
          w.onmessage?.({ data: { id: m.id, kind: 'done', matched: new RegExp(m.pattern).test(m.answer) } }),
        );
      });
    },
    terminate: () => void log.push('terminate'),
  };
  return w;
}

/** Timers the test fires by hand: no waiting on the clock. */
function manualTimers() {
  const pending = new Map<number, { fn: () => void; ms: number }>();
  let n = 0;
  const timers: Timers = {
    set: (fn, ms) => (pending.set(++n, { fn, ms }), n),
    clear: (h) => void pending.delete(h as number),
  };
  return {
    timers,
    fireAll: () => [...pending.entries()].forEach(([h, t]) => (pending.delete(h), t.fn())),
    count: () => pending.size,
    /** The lengths of the timers running now. */
    pendingMs: () => [...pending.values()].map((t) => t.ms),
  };
}

const validate = argsValidatorOn(createInProcessValidator());
const outcome = (answer: string) => ({ answer, toolCalls: [], costUsd: 0, error: null });

describe('workerMatcher', () => {
  it('answers from the worker and clears its timer', async () => {
    const log: string[] = [];
    const t = manualTimers();
    const m = workerMatcher(() => fakeWorker(new Set(), log), 1000, t.timers);
    expect(await m.match('^\\d+ °C$', '18 °C')).toEqual({ kind: 'match' });
    expect(await m.match('^Sunny', '18 °C')).toEqual({ kind: 'no_match' });
    expect(t.count()).toBe(0);
    expect(log).toEqual(['post ^\\d+ °C$', 'post ^Sunny']);
  });

  it('past the limit ends the worker, fails that check in words, and the next check gets a fresh worker', async () => {
    const log: string[] = [];
    let spawned = 0;
    const t = manualTimers();
    const m = workerMatcher(() => (spawned++, fakeWorker(new Set([SLOW]), log)), 1000, t.timers);
    const slow = checkFailure({ kind: 'answer_matches', pattern: SLOW }, outcome(LONG), validate, m.match);
    const next = m.match('x$', LONG);
    // The second check waits its turn: its limit has not started while the slow one holds the worker (which has
    // started the slow pattern: its 1 s is the one timer).
    await new Promise((r) => setTimeout(r, 0));
    expect(t.count()).toBe(1);
    t.fireAll();
    expect(await slow).toBe(
      'The regular expression /\\d+\\d+$/ took longer than 1 s on this answer and was stopped. Rewrite it so it cannot backtrack so much (Edit checks), e.g. anchor it or make adjacent repeats match different characters.',
    );
    expect(await next).toEqual({ kind: 'match' });
    expect(spawned).toBe(2);
    expect(log).toEqual(['post \\d+\\d+$', 'terminate', 'post x$']);
  });

  it('starts the limit when the pattern starts: a slow worker start does not fail a harmless pattern', async () => {
    const log: string[] = [];
    const t = manualTimers();
    let ready!: () => void;
    const starting = { ready: new Promise<void>((r) => (ready = r)) };
    const m = workerMatcher(() => fakeWorker(new Set(), log, starting), 1000, t.timers, 30_000);
    const verdict = m.match('^\\d+ °C$', '18 °C');
    await Promise.resolve();
    // Only the start limit runs while the worker loads: the check's 1 s has not begun.
    expect(t.pendingMs()).toEqual([30_000]);
    ready();
    await new Promise((r) => setTimeout(r, 0));
    expect(await verdict).toEqual({ kind: 'match' });
    expect(t.count()).toBe(0);
    expect(log).toEqual(['post ^\\d+ °C$']);
  });

  it('a worker that never starts fails the check with its own reason, and the next check gets a fresh worker', async () => {
    const log: string[] = [];
    const t = manualTimers();
    let spawned = 0;
    const never = { ready: new Promise<void>(() => undefined) };
    const m = workerMatcher(
      () => (spawned++ === 0 ? fakeWorker(new Set(), log, never) : fakeWorker(new Set(), log)),
      1000,
      t.timers,
      30_000,
    );
    const first = checkFailure({ kind: 'answer_matches', pattern: 'x$' }, outcome('abx'), validate, m.match);
    await Promise.resolve();
    t.fireAll();
    expect(await first).toBe(
      "The regular expression /x$/ was not tested: the page's pattern worker did not start within 30 s (the page or the machine was too busy). Run the suite again.",
    );
    expect(await m.match('x$', 'abx')).toEqual({ kind: 'match' });
    expect(spawned).toBe(2);
    expect(log).toEqual(['post x$', 'terminate', 'post x$']);
  });

  it('ends a real worker thread busy in a slow pattern', async () => {
    // The same work as match-worker.ts, in a Node worker thread: terminate() must stop a RegExp mid-backtrack.
    const source = `const { parentPort } = require('node:worker_threads');
      parentPort.on('message', (m) => {
        parentPort.postMessage({ id: m.id, kind: 'started' });
        parentPort.postMessage({ id: m.id, kind: 'done', matched: new RegExp(m.pattern).test(m.answer) });
      });`;
    const exited: Promise<number>[] = [];
    const spawn = (): MatchWorkerLike => {
      const nw = new NodeWorker(source, { eval: true });
      exited.push(new Promise((resolve) => nw.once('exit', resolve)));
      const w: MatchWorkerLike = {
        onmessage: null,
        onerror: null,
        postMessage: (m) => nw.postMessage(m),
        terminate: () => void nw.terminate(),
      };
      nw.on('message', (data: MatchReply) => w.onmessage?.({ data }));
      return w;
    };
    const m = workerMatcher(spawn, 200);
    expect(await m.match(SLOW, LONG)).toEqual({ kind: 'timed_out', limitMs: 200 });
    // The thread busy in the RegExp really ends (a thread still running would keep this waiting).
    expect(exited).toHaveLength(1);
    await exited[0];
    m.dispose();
  });
});

describe('a suite with a pattern that runs out of time', () => {
  it('fails only that check; the rest of the case and the other cases are checked', async () => {
    const request = {
      model: 'orig',
      messages: [{ id: 'u1', createdAt: 1, role: 'user' as const, content: 'Count.' }],
      tools: [],
    };
    const slowCase: EvalCaseRecord = {
      id: 'c1',
      suiteId: 's',
      name: 'Slow',
      createdAt: 1,
      updatedAt: 1,
      request,
      recorded: [],
      checks: [
        { kind: 'answer_matches', pattern: SLOW },
        { kind: 'answer_contains', text: 'nope' },
      ],
    };
    const fineCase: EvalCaseRecord = {
      ...slowCase,
      id: 'c2',
      name: 'Fine',
      checks: [{ kind: 'answer_matches', pattern: 'x$' }],
    };
    const log: string[] = [];
    // A real, short limit: the stand-in worker never answers the slow pattern, so the limit always ends it.
    const matcher = workerMatcher(() => fakeWorker(new Set([SLOW]), log), 20);
    const deps: SuiteRunDeps = suiteRunDeps({ validate, matchAnswer: matcher.match, now: () => 1, concurrency: 1 });
    const model = { label: 'm', model: 'm', client: scriptedModel([textReply([LONG]), textReply([LONG])]) };
    const run = await runSuite(
      's',
      ['m'],
      [slowCase, fineCase],
      [model],
      deps,
      new AbortController().signal,
      () => undefined,
    );
    matcher.dispose();
    expect(run.state).toBe('finished');
    expect(run.cells.map((c) => c.verdict)).toEqual(['fail', 'pass']);
    expect(run.cells[0]?.reasons).toEqual([
      expect.stringMatching(
        /^The regular expression \/\\d\+\\d\+\$\/ took longer than 0\.02 s on this answer and was stopped\./,
      ),
      'The answer does not contain “nope”.',
    ]);
  });
});
