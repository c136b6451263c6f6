/**
 * MCP Apps at scale (run by `npm run bench`, not `npm test`): one session with 20 Views on one page, compared with a
 * session of 20 plain MCP calls in the same run. Main-thread tasks over 50 ms are counted with PerformanceObserver
 * ('longtask') while the run draws its cards and while the chat is scrolled end to end and back (Views are torn
 * down when they leave the virtualized list and restored when they come back). Figures are printed as ratios to
 * the baseline; only that every View renders is asserted, never a time.
 */
import type { Page } from '@playwright/test';
import { startAppsMcpServer, type AppsMcpServer } from './mcp-servers/apps-server';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { addMcpServer } from './support/mcp-tools-tab';

type LongTask = { start: number; duration: number };
type Win = { __longTasks: LongTask[] };
type Figures = { count: number; max: number; blocking: number; ms: number };

const VIEWS = 20;
let apps: AppsMcpServer;

test.beforeEach(async () => {
  apps = await startAppsMcpServer();
});
test.afterEach(async () => {
  await apps.close();
});

const nowIn = (page: Page) => page.evaluate(() => performance.now());

async function tasksSince(page: Page, since: number): Promise<LongTask[]> {
  return page.evaluate((t) => (window as unknown as Win).__longTasks.filter((x) => x.start >= t), since);
}

function figures(tasks: readonly LongTask[], ms: number): Figures {
  return {
    count: tasks.length,
    max: Math.max(0, ...tasks.map((t) => t.duration)),
    // Total blocking time: what each task held the thread past 50 ms.
    blocking: tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
    ms,
  };
}

/** Runs one turn of `VIEWS` parallel calls of `tool` and measures from the send until `ready` holds. */
async function runCalls(page: Page, mock: Parameters<Parameters<typeof test>[2]>[0]['mock'], tool: string, args: (i: number) => Record<string, unknown>, ready: () => Promise<void>): Promise<Figures> {
  const calls = Array.from({ length: VIEWS }, (_, i) => ({ id: `call_${tool}_${i}`, name: `apps__${tool}`, arguments: args(i) }));
  // Two turns of ten: the run's default limit of parallel calls in one turn.
  mock.script([{ kind: 'tool_calls', calls: calls.slice(0, 10) }, { kind: 'tool_calls', calls: calls.slice(10) }, { kind: 'text', content: `Done with ${tool}.` }]);
  const t = await nowIn(page);
  await sendMessage(page, `run ${VIEWS} ${tool}`);
  await expect(assistantMessages(page).last()).toContainText(`Done with ${tool}.`, { timeout: 60_000 });
  await waitForIdle(page);
  await ready();
  const end = await nowIn(page);
  return figures(await tasksSince(page, t), end - t);
}

/** Scrolls the chat from the top to the bottom and back in animation-frame steps; long tasks meanwhile. */
async function scrollThrough(page: Page): Promise<Figures> {
  const list = page.getByRole('log', { name: 'Messages' });
  const t = await nowIn(page);
  await list.evaluate(async (el) => {
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    const step = 120;
    for (let y = el.scrollTop; y > 0; y -= step) {
      el.scrollTop = y;
      await frame();
    }
    for (let y = 0; y < el.scrollHeight; y += step) {
      el.scrollTop = y;
      await frame();
    }
  });
  const end = await nowIn(page);
  return figures(await tasksSince(page, t), end - t);
}

/** With MCP_APPS_BENCH_PROFILE=<file>: a CPU profile of the page while the 20 Views start (for finding what runs). */
async function startProfile(page: Page): Promise<{ stop(file: string): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await cdp.send('Profiler.stop');
      const { writeFileSync } = await import('node:fs');
      writeFileSync(file, JSON.stringify(profile));
    },
  };
}

const line = (f: Figures) => `${f.count} tasks > 50 ms, longest ${f.max.toFixed(0)} ms, blocking ${f.blocking.toFixed(0)} ms over ${f.ms.toFixed(0)} ms`;
const ratio = (a: number, b: number) => (b === 0 ? (a === 0 ? '1.00' : `∞ (${a.toFixed(0)} vs 0)`) : (a / b).toFixed(2));

test('20 MCP App Views in one session: long tasks while they render and while the chat scrolls, as ratios to 20 plain calls', { tag: '@bench' }, async ({ page, mock }) => {
  test.setTimeout(300_000);
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

  // Baseline: the same turn with a tool that opens no View.
  const plainRun = await runCalls(page, mock, 'model_only', (i) => ({ text: `t${i}` }), async () => {
    await expect(page.locator('.tool-card')).toHaveCount(VIEWS);
  });
  const plainScroll = await scrollThrough(page);

  await page.getByRole('button', { name: 'New session' }).click();
  const profiler = process.env.MCP_APPS_BENCH_PROFILE !== undefined ? await startProfile(page) : null;
  const viewsRun = await runCalls(page, mock, 'show_board', (i) => ({ label: `b${i}` }), async () => {
    // Every View on screen has connected and shows its result; the ones scrolled out come back on the way up.
    const frames = page.locator('iframe[title="apps — show_board view"]');
    await expect.poll(() => frames.count()).toBeGreaterThan(0);
    const shown = await frames.count();
    for (let i = 0; i < shown; i++) await expect(frames.nth(i).contentFrame().locator('#result')).toContainText('board for b', { timeout: 30_000 });
  });
  if (profiler !== null) await profiler.stop(process.env.MCP_APPS_BENCH_PROFILE ?? '');
  const viewsScroll = await scrollThrough(page);
  expect(apps.calls.filter((c) => c.tool === 'show_board')).toHaveLength(VIEWS);

  // Every one of the 20 Views renders when its card is on screen (walked from the top).
  const list = page.getByRole('log', { name: 'Messages' });
  for (let i = 0; i < VIEWS; i++) {
    const card = page.locator(`.tool-card[data-call-id="call_show_board_${i}"]`);
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect(card.locator('iframe').contentFrame().locator('#result')).toContainText(`board for b${i}`, { timeout: 30_000 });
  }
  await list.evaluate((el) => { el.scrollTop = el.scrollHeight; });
  const mounted = await page.locator('iframe[title="apps — show_board view"]').count();

  const out = [
    `run, 20 plain calls: ${line(plainRun)}`,
    `run, 20 Views: ${line(viewsRun)}`,
    `scroll, 20 plain calls: ${line(plainScroll)}`,
    `scroll, 20 Views: ${line(viewsScroll)}`,
    `ratios Views/plain: run blocking ${ratio(viewsRun.blocking, plainRun.blocking)}, run longest ${ratio(viewsRun.max, plainRun.max)}, scroll blocking ${ratio(viewsScroll.blocking, plainScroll.blocking)}, scroll longest ${ratio(viewsScroll.max, plainScroll.max)}`,
    `View frames mounted at the bottom of the chat: ${mounted} of ${VIEWS}`,
  ];
  for (const l of out) {
    test.info().annotations.push({ type: 'mcp-apps', description: l });
    console.log(`[mcp-apps-bench] ${l}`);
  }
});
