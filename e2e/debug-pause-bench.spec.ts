/**
 * @bench (npm run bench:ui): a run paused at a breakpoint costs the page nothing while it waits (docs/debugging.md,
 * "Breakpoints": no request is open and nothing polls). Its main thread over a few seconds of pause is set beside the
 * same page over the same seconds at rest after the run (the baseline, same run), from a Chromium trace: the CPU (on a
 * shared machine wall time mostly measures waiting for a core), and the tasks that ran the page's script (a timer, an
 * animation frame, an event...): a poll is cheap in CPU but is a task every interval, so its count is what shows it.
 */
import { expect, test } from './fixtures';
import { sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { traceMainThread, type MainThreadTask } from './support/main-thread-cpu';

const WATCH_MS = 4000;
// The page at rest runs a few script tasks of its own (Dexie's timers: 11-18 over 4 s in a trace), so the pause may
// run as many again as half of those, at least 4; a 250 ms poll is 16 more over the watch.
const allowedScriptTasks = (atRest: number) => atRest + Math.max(4, Math.ceil(atRest / 2));
const cpu = (tasks: MainThreadTask[]) => tasks.filter((t) => t.inPage).reduce((sum, t) => sum + t.cpuMs, 0);
const scriptTasks = (tasks: MainThreadTask[]) => tasks.filter((t) => t.inPage && t.ranScript !== null);

test('@bench a paused run runs no more script tasks and uses no more CPU than the page at rest', async ({
  page,
  mock,
}) => {
  test.setTimeout(90_000);
  await openConfiguredApp(page, mock);
  await page.getByRole('button', { name: 'New session', exact: true }).click();
  await page.getByRole('button', { name: 'Breakpoints', exact: true }).click();
  await page.getByRole('group', { name: 'Breakpoints' }).getByRole('checkbox', { name: 'Before tool calls' }).check();
  await page.getByRole('button', { name: 'Breakpoints', exact: true }).click();
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_p', name: 'js_eval', arguments: { expression: '1 + 1' } }] },
    { kind: 'text', content: 'Two.' },
  ]);
  await sendMessage(page, 'pause here');
  const paused = page.getByRole('group', { name: 'Paused before js_eval' });
  await expect(paused).toBeVisible();
  const requestsBefore = mock.allRequests.length;
  // The same focus in both: a blinking caret in the Message box repaints twice a second, which is not the pause's.
  const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await blur();
  const whilePaused = await traceMainThread(page, () => page.waitForTimeout(WATCH_MS));
  // Nothing went out while it waited: no request to the model or anything else.
  expect(mock.allRequests.length).toBe(requestsBefore);
  await paused.getByRole('button', { name: 'Continue', exact: true }).click();
  await waitForIdle(page);
  await blur();
  const atRest = await traceMainThread(page, () => page.waitForTimeout(WATCH_MS));

  const pausedMs = cpu(whilePaused);
  const restMs = cpu(atRest);
  const line = `main-thread CPU over ${WATCH_MS / 1000} s: paused ${pausedMs.toFixed(1)} ms (${whilePaused.filter((t) => t.inPage).length} tasks), at rest after the run (baseline) ${restMs.toFixed(1)} ms (${atRest.filter((t) => t.inPage).length} tasks), ratio ${(pausedMs / Math.max(restMs, 0.1)).toFixed(2)}`;
  test.info().annotations.push({ type: 'pause-bench', description: line });
  console.log(`[pause-bench] ${line}`);
  const kinds = (tasks: MainThreadTask[]) =>
    Object.entries(
      tasks
        .filter((t) => t.inPage)
        .reduce<Record<string, number>>((m, t) => ({ ...m, [t.mostly]: (m[t.mostly] ?? 0) + 1 }), {}),
    )
      .map(([k, n]) => `${k} ×${n}`)
      .join(', ');
  console.log(`[pause-bench] paused tasks: ${kinds(whilePaused)}; at rest: ${kinds(atRest)}`);
  const triggers = (tasks: MainThreadTask[]) =>
    scriptTasks(tasks)
      .map((t) => t.ranScript)
      .join(', ') || 'none';
  const counted = `tasks running the page's script over ${WATCH_MS / 1000} s: paused ${scriptTasks(whilePaused).length} (${triggers(whilePaused)}), at rest ${scriptTasks(atRest).length} (${triggers(atRest)})`;
  test.info().annotations.push({ type: 'pause-bench-tasks', description: counted });
  console.log(`[pause-bench] ${counted}`);
  // Nothing polls while paused: no timer, frame or other script task beyond what the page at rest runs.
  expect(scriptTasks(whilePaused).length).toBeLessThanOrEqual(allowedScriptTasks(scriptTasks(atRest).length));
  // A poll while paused would run a task every interval: the pause's CPU stays within the page at rest plus a frame's
  // worth (one layout when the group appears is not polling).
  expect(pausedMs).toBeLessThanOrEqual(restMs * 2 + 16);
});
