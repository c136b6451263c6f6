/**
 * The page's main-thread tasks with the CPU time each used, from a Chromium trace. On a machine shared by many
 * processes a task's wall time mostly measures how long the thread waited for a core (a 3 ms task showed as 250 ms
 * on two busy cores); the thread's own CPU time is what the page's code and rendering cost, and what a person's idle
 * machine would show as the task's length. Chromium only (benches).
 */
import type { Page } from '@playwright/test';

/** One top-level task of a renderer's main thread: when (trace clock, ms), how long, how much CPU, mostly doing what. */
export type MainThreadTask = { atMs: number; wallMs: number; cpuMs: number; mostly: string };

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string } };

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const WORK_NAMES = new Set(['v8.evaluateModule', 'FunctionCall', 'EvaluateScript', 'v8.compile', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'MinorGC', 'MajorGC', 'ParseHTML', 'RunMicrotasks']);

/** The main-thread tasks in a trace (top level only: a task run inside another is part of it). */
export function mainThreadTasks(traceJson: string): MainThreadTask[] {
  const parsed = JSON.parse(traceJson) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const onMain = events.filter((e) => e.ph === 'X' && e.dur !== undefined && mains.has(`${e.pid}:${e.tid}`)).sort((a, b) => a.ts - b.ts);
  const tasks: TraceEvent[] = [];
  let end = -Infinity;
  for (const e of onMain) {
    if (!TASK_NAMES.has(e.name) || e.ts < end) continue;
    tasks.push(e);
    end = e.ts + (e.dur ?? 0);
  }
  return tasks.map((t) => {
    const until = t.ts + (t.dur ?? 0);
    const work = new Map<string, number>();
    for (const e of onMain) {
      if (e.ts < t.ts) continue;
      if (e.ts > until) break;
      if (WORK_NAMES.has(e.name) && e.pid === t.pid && e.tid === t.tid) work.set(e.name, (work.get(e.name) ?? 0) + (e.tdur ?? e.dur ?? 0));
    }
    const mostly = [...work].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'other';
    return { atMs: t.ts / 1000, wallMs: (t.dur ?? 0) / 1000, cpuMs: (t.tdur ?? 0) / 1000, mostly };
  });
}

/** Runs `act` with the browser tracing the page, and returns the page's main-thread tasks meanwhile. */
export async function traceMainThread(page: Page, act: () => Promise<void>): Promise<MainThreadTask[]> {
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
  if (failed) throw failure;
  return mainThreadTasks(trace.toString('utf8'));
}
