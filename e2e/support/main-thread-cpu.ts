/**
 * The page's main-thread tasks with the CPU time each used, from a Chromium trace. On a machine shared by many
 * processes a task's wall time mostly measures how long the thread waited for a core (a 3 ms task showed as 250 ms
 * on two busy cores); the thread's own CPU time is what the page's code and rendering cost, and what a person's idle
 * machine would show as the task's length. Chromium only (benches).
 */
import type { Page } from '@playwright/test';

/**
 * One top-level task of a renderer's main thread: when (trace clock, ms), how long, how much CPU, mostly doing what,
 * and whether it ran in the process of the page's top frame (`inPage`; false for an out-of-process frame's renderer,
 * e.g. a sandboxed frame that Chromium isolates in a process of its own).
 */
export type MainThreadTask = {
  atMs: number;
  wallMs: number;
  cpuMs: number;
  mostly: string;
  pid: number;
  inPage: boolean;
  ranScript: ScriptTrigger | null;
};

/**
 * What ran the page's JavaScript in a task, when something did: a timer, an animation frame, an idle callback, an
 * event, a script or module evaluated, or another call into it (a message, a promise's continuation). A poll, however
 * cheap, is a task with a trigger every interval; the browser's own housekeeping has none.
 */
type ScriptTrigger =
  | 'TimerFire'
  | 'FireAnimationFrame'
  | 'FireIdleCallback'
  | 'EventDispatch'
  | 'EvaluateScript'
  | 'v8.evaluateModule'
  | 'FunctionCall';
const TRIGGERS: readonly ScriptTrigger[] = [
  'TimerFire',
  'FireAnimationFrame',
  'FireIdleCallback',
  'EventDispatch',
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
];

type FrameInfo = { frame?: string; parent?: string; processId?: number };
type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: FrameInfo & { frames?: FrameInfo[] } };
};

/** The renderer processes that hosted a top frame (no parent) during the trace. */
function topFrameProcesses(events: readonly TraceEvent[]): Set<number> {
  const pids = new Set<number>();
  for (const e of events) {
    if (e.name !== 'TracingStartedInBrowser' && e.name !== 'FrameCommittedInBrowser') continue;
    const data = e.args?.data;
    for (const f of [...(data?.frames ?? []), ...(data !== undefined && data.frames === undefined ? [data] : [])]) {
      if (f.parent === undefined && f.processId !== undefined) pids.add(f.processId);
    }
  }
  return pids;
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const WORK_NAMES = new Set([
  'v8.evaluateModule',
  'FunctionCall',
  'EvaluateScript',
  'v8.compile',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'MinorGC',
  'MajorGC',
  'ParseHTML',
  'RunMicrotasks',
]);

/** The main-thread tasks in a trace (top level only: a task run inside another is part of it). */
function mainThreadTasks(traceJson: string): MainThreadTask[] {
  const parsed = JSON.parse(traceJson) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const pages = topFrameProcesses(events);
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && mains.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts);
  const tasks: TraceEvent[] = [];
  // Per thread: a task of one renderer running while another renderer's task runs is a task of its own.
  const ends = new Map<string, number>();
  for (const e of onMain) {
    const thread = `${e.pid}:${e.tid}`;
    if (!TASK_NAMES.has(e.name) || e.ts < (ends.get(thread) ?? -Infinity)) continue;
    tasks.push(e);
    ends.set(thread, e.ts + (e.dur ?? 0));
  }
  // Tasks and events are both in time order: one pass over the events (a scan from the start for every task took
  // minutes on a trace of a few hundred thousand events).
  let from = 0;
  return tasks.map((t) => {
    const until = t.ts + (t.dur ?? 0);
    const work = new Map<string, number>();
    const seen = new Set<string>();
    while (from < onMain.length && (onMain[from]?.ts ?? Infinity) < t.ts) from++;
    for (let i = from; i < onMain.length; i++) {
      const e = onMain[i];
      if (e === undefined || e.ts > until) break;
      if (e.pid !== t.pid || e.tid !== t.tid) continue;
      seen.add(e.name);
      if (WORK_NAMES.has(e.name)) work.set(e.name, (work.get(e.name) ?? 0) + (e.tdur ?? e.dur ?? 0));
    }
    const ranScript = TRIGGERS.find((name) => seen.has(name)) ?? null;
    const mostly = [...work].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'other';
    // With no frame information in the trace every renderer counts as the page's.
    return {
      atMs: t.ts / 1000,
      wallMs: (t.dur ?? 0) / 1000,
      cpuMs: (t.tdur ?? 0) / 1000,
      mostly,
      pid: t.pid,
      inPage: pages.size === 0 || pages.has(t.pid),
      ranScript,
    };
  });
}

/**
 * Runs `act` with the browser tracing the page, and returns the page's main-thread tasks meanwhile. With `saveTo`
 * the raw trace is also written there (it opens in DevTools' Performance panel).
 */
export async function traceMainThread(
  page: Page,
  act: () => Promise<void>,
  opts: { saveTo?: string } = {},
): Promise<MainThreadTask[]> {
  const browser = page.context().browser();
  if (browser === null) throw new Error('tracing needs a browser launched by Playwright');
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  let failed = false;
  let failure: unknown;
  try {
    await act();
  } catch (error) {
    failed = true;
    failure = error;
  }
  const trace = await browser.stopTracing();
  if (opts.saveTo !== undefined) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(opts.saveTo, trace);
  }
  if (failed) throw failure;
  return mainThreadTasks(trace.toString('utf8'));
}
