/**
 * MCP Apps at scale (run by `npm run bench`, not `npm test`): one session with 20 Views (a turn of ten Views, then
 * five turns of two Views each followed by a turn of one plain call), long enough that the virtualized list drops
 * rows at either end, against the same session with plain calls in place of the Views, measured first in the same run. Two phases each: the run that draws the cards, and scrolling the chat from the
 * bottom to the top and back in animation-frame steps (a View's row that leaves the virtualized list tears its
 * View down; when it comes back the View is restored from the stored result).
 * Each phase is traced (Chromium): main-thread tasks are counted by the CPU they used, which a busy machine does not
 * inflate the way it inflates wall time. Asserted: every View renders its result, and no main-thread task of the
 * page used over 50 ms of CPU in either phase with the Views. Wall-time figures (PerformanceObserver 'longtask') are
 * printed for the figures reporter, never asserted.
 * MCP_APPS_BENCH_TRACE=<folder> keeps each phase's raw trace there (opens in DevTools' Performance panel).
 */
import type { Page } from '@playwright/test';
import { startAppsMcpServer, type AppsMcpServer } from './mcp-servers/apps-server';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { traceMainThread, type MainThreadTask } from './support/main-thread-cpu';
import { addMcpServer } from './support/mcp-tools-tab';

type LongTask = { start: number; duration: number };
type Win = { __longTasks: LongTask[] };
type Phase = { ms: number; tasks: LongTask[]; cpu: MainThreadTask[] };
type Mock = Parameters<Parameters<typeof test>[2]>[0]['mock'];

const FIRST_TURN = 10;
const PAIR_TURNS = 5;
const VIEWS = FIRST_TURN + 2 * PAIR_TURNS;
const VIEW_TITLE = 'apps — show_board view';
let apps: AppsMcpServer;

test.beforeEach(async () => {
  apps = await startAppsMcpServer();
});
test.afterEach(async () => {
  await apps.close();
});

/**
 * Runs `act` traced, and returns its duration, the long tasks the page saw meanwhile and the trace's main-thread
 * tasks. CSS locators, not role queries, inside phases: Playwright evaluates a role query on the page's main thread.
 */
async function phase(page: Page, name: string, act: () => Promise<void>): Promise<Phase> {
  let measured = { ms: 0, tasks: [] as LongTask[] };
  const dir = process.env.MCP_APPS_BENCH_TRACE;
  const t0 = Date.now();
  const cpu = await traceMainThread(
    page,
    async () => {
      const start = await page.evaluate(() => performance.now());
      await act();
      // Two frames and a task: a long task that just ended is delivered to the observer by then.
      const end = await page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0))),
          ),
      );
      const tasks = await page.evaluate(
        (from) => (window as unknown as Win).__longTasks.filter((t) => t.start >= from),
        start,
      );
      measured = { ms: end - start, tasks };
    },
    dir !== undefined ? { saveTo: `${dir}/mcp-apps-${name}.json` } : {},
  );
  if (process.env.MCP_APPS_BENCH_TRACE !== undefined)
    console.log(`[mcp-apps-bench] ${name}: ${Date.now() - t0} ms with tracing, ${measured.ms.toFixed(0)} ms measured`);
  return { ...measured, cpu };
}

/**
 * One run of the long session: a turn of `FIRST_TURN` parallel calls of `tool` (a row that brings ten Views back at
 * once), then `PAIR_TURNS` turns of two calls of `tool`, each followed by a turn of one plain call; then a text.
 */
async function runSession(
  page: Page,
  mock: Mock,
  tool: 'show_board' | 'model_only',
  ready: () => Promise<void>,
): Promise<Phase> {
  const call = (i: number) => ({
    id: `call_${tool}_${i}`,
    name: `apps__${tool}`,
    arguments: tool === 'show_board' ? { label: `b${i}` } : { text: `t${i}` },
  });
  const turns: Parameters<Mock['script']>[0] = [
    { kind: 'tool_calls', calls: Array.from({ length: FIRST_TURN }, (_, i) => call(i)) },
  ];
  for (let t = 0; t < PAIR_TURNS; t++) {
    turns.push({ kind: 'tool_calls', calls: [call(FIRST_TURN + 2 * t), call(FIRST_TURN + 2 * t + 1)] });
    turns.push({
      kind: 'tool_calls',
      calls: [{ id: `call_${tool}_p${t}`, name: 'apps__model_only', arguments: { text: `p${t}` } }],
    });
  }
  turns.push({ kind: 'text', content: `Done with ${tool}.` });
  mock.script(turns);
  const before = mock.requests.length;
  return phase(page, `run-${tool}`, async () => {
    await sendMessage(page, `run ${VIEWS} ${tool}`);
    // Every turn asked the model (the closing text is the last answer); the list's last row may be out of the DOM
    // when the person (or a View growing above) scrolled it, so the run's end is read from the requests.
    await expect.poll(() => mock.requests.length - before, { timeout: 240_000 }).toBe(turns.length);
    await waitForIdle(page);
    await page.locator('[role="log"][aria-label="Messages"]').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect(assistantMessages(page).last()).toContainText(`Done with ${tool}.`);
    await ready();
  });
}

/** Scrolls the chat from the bottom to the top and back in animation-frame steps. */
async function scrollThrough(page: Page, name: string): Promise<Phase> {
  const list = page.locator('[role="log"][aria-label="Messages"]');
  return phase(page, `scroll-${name}`, async () => {
    await list.evaluate(async (el) => {
      const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
      const step = 120;
      for (let y = el.scrollTop; y > 0; y -= step) {
        el.scrollTop = y;
        await frame();
      }
      el.scrollTop = 0;
      await frame();
      for (let y = 0; y < el.scrollHeight; y += step) {
        el.scrollTop = y;
        await frame();
      }
    });
  });
}

/** The frames on screen now show their result (each View on screen has started and been told its result). */
async function framesOnScreenShowResults(page: Page): Promise<void> {
  const frames = page.locator(`iframe[title="${VIEW_TITLE}"]`);
  await expect.poll(() => frames.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  const shown = await frames.count();
  for (let i = 0; i < shown; i++)
    await expect(frames.nth(i).contentFrame().locator('#result')).toContainText('board for b', { timeout: 30_000 });
}

const cpuLong = (tasks: readonly MainThreadTask[]) => tasks.filter((t) => t.cpuMs > 50);

function line(name: string, p: Phase): string {
  const longest = Math.max(0, ...p.tasks.map((t) => t.duration));
  const blocking = p.tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
  const page = p.cpu.filter((t) => t.inPage);
  const frames = p.cpu.filter((t) => !t.inPage);
  const top = (tasks: readonly MainThreadTask[]) => {
    const t = [...tasks].sort((a, b) => b.cpuMs - a.cpuMs)[0];
    return t === undefined ? '0 ms' : `${Math.round(t.cpuMs)} ms (${t.mostly}, ${Math.round(t.wallMs)} ms wall)`;
  };
  const over = cpuLong(page)
    .map((t) => `${Math.round(t.cpuMs)} ms ${t.mostly}`)
    .join(', ');
  return (
    `${name}: ${p.ms.toFixed(0)} ms; wall: ${p.tasks.length} tasks > 50 ms, longest ${longest.toFixed(0)} ms, blocking ${blocking.toFixed(0)} ms; ` +
    `CPU, page: ${cpuLong(page).length} tasks > 50 ms${over === '' ? '' : ` [${over}]`}, most in one task ${top(page)}, CPU total ${Math.round(page.reduce((s, t) => s + t.cpuMs, 0))} ms over ${page.length} tasks; ` +
    `CPU, View frames' processes: ${cpuLong(frames).length} tasks > 50 ms, most in one task ${top(frames)}`
  );
}

test('20 MCP App Views in one long session: main-thread tasks while they render and while the chat scrolls, against plain calls', {
  tag: '@bench',
}, async ({ page, mock }) => {
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript(() => {
    const w = window as unknown as Win;
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await openConfiguredApp(page, mock);
  await addMcpServer(page, { url: apps.url, name: 'apps' }, '2026-07-28');
  await page.getByRole('tab', { name: 'Chat' }).click();

  // Baseline: the same session with a tool that opens no View.
  const plainRun = await runSession(page, mock, 'model_only', async () => {
    await expect(page.locator('.tool-card[data-call-id="call_model_only_19"]')).toBeAttached();
  });
  const plainScroll = await scrollThrough(page, 'plain');

  await page.getByRole('button', { name: 'New session' }).click();
  const viewsRun = await runSession(page, mock, 'show_board', () => framesOnScreenShowResults(page));
  const viewsScroll = await scrollThrough(page, 'views');
  expect(apps.calls.filter((c) => c.tool === 'show_board')).toHaveLength(VIEWS);
  // The scroll tore Views down and brought them back: the ones on screen at the bottom again show their result.
  await framesOnScreenShowResults(page);
  const mountedAtBottom = await page.locator(`iframe[title="${VIEW_TITLE}"]`).count();

  const out = [
    line('run, plain session', plainRun),
    line(`run, ${VIEWS} Views`, viewsRun),
    line('scroll, plain session', plainScroll),
    line(`scroll, ${VIEWS} Views`, viewsScroll),
    `View frames mounted at the bottom of the chat after the scroll: ${mountedAtBottom} of ${VIEWS}`,
  ];
  for (const l of out) {
    test.info().annotations.push({ type: 'mcp-apps', description: l });
    console.log(`[mcp-apps-bench] ${l}`);
  }

  // The page's own work, whatever the machine's load: no main-thread task of the page used over 50 ms of CPU while
  // the 20 Views started or while they were torn down and restored by scrolling.
  // Soft: the walk below still checks that every View renders.
  for (const [name, p] of [
    ['run with 20 Views', viewsRun],
    ['scroll with 20 Views', viewsScroll],
  ] as const) {
    const over = cpuLong(p.cpu.filter((t) => t.inPage)).map(
      (t) => `${Math.round(t.cpuMs)} ms of CPU, mostly ${t.mostly}`,
    );
    expect.soft(over, `${name}: the page's main-thread tasks over 50 ms of CPU`).toEqual([]);
  }

  // Every one of the 20 Views renders when its card is on screen (walked from the top down).
  const list = page.locator('[role="log"][aria-label="Messages"]');
  await list.evaluate((el) => {
    el.scrollTop = 0;
  });
  for (let i = 0; i < VIEWS; i++) {
    const card = page.locator(`.tool-card[data-call-id="call_show_board_${i}"]`);
    await expect(async () => {
      // The card may not be in the virtualized list yet: scroll on until it is.
      if ((await card.count()) === 0)
        await list.evaluate((el) => {
          el.scrollTop += el.clientHeight / 2;
        });
      await card.evaluate((el) => el.scrollIntoView({ block: 'center' }), undefined, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    // Views start one at a time, so the ones queued before this one start first.
    await expect(card.locator('iframe').contentFrame().locator('#result')).toContainText(`board for b${i}`, {
      timeout: 60_000,
    });
  }
});
