/** The page's longest main-thread task while something happened (from the frame probe), printed for context. */
import type { Page } from '@playwright/test';
import { startFrameProbe, stopFrameProbe } from './frame-probe';

/**
 * Catches the freezes these inputs caused (the page gone for several seconds), not speed: three browsers on two busy
 * cores already put ordinary tasks near a second. The figures themselves are printed with each test.
 */
export const LONGEST_TASK_LIMIT_MS = 3_000;

/** The smoothness target (docs/speed-and-tests.md): no main-thread task over 50 ms, where a spec or bench demands it. */
export const SMOOTH_TASK_MS = 50;

/** Starts counting the page's long tasks (the Try it section need not exist yet). */
export function watchLongTasks(page: Page): Promise<void> {
  return startFrameProbe(page, 'section.tool-try', { attributes: false });
}

/** The longest main-thread task since watchLongTasks, printed with `label`. */
export async function longestTask(page: Page, label: string): Promise<number> {
  const probe = await stopFrameProbe(page);
  const longest = Math.max(0, ...probe.longTasks.map((t) => t.ms));
  console.log(`[${label}] longest main-thread task: ${longest} ms (${probe.longTasks.length} tasks over 50 ms)`);
  return longest;
}
