/**
 * Bench: 200 tools from 5 MCP servers (2026-07-28, v2 server SDK, on 127.0.0.1). The page's long tasks
 * (PerformanceObserver 'longtask') are counted while the Tools view connects, lists and renders the servers, after
 * a reload that reconnects them, and during a run that offers all 200 tools and calls one; each phase is compared
 * with the same phase of the same page with no MCP server, measured first in this run. Each phase is also traced:
 * tasks are counted by the CPU they used, which a busy machine does not inflate the way it inflates wall time.
 * Asserted: the work was done (200 tools listed and offered), and no main-thread task used over 50 ms of CPU except
 * the MCP client's first evaluation; wall-time figures are printed for the figures reporter, never asserted.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startManyToolsServer, type ManyToolsServer } from './mcp-servers/many-tools-server';
import { expandToolCard, sendMessage, toolCard, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { traceMainThread, type MainThreadTask } from './support/main-thread-cpu';
import { toolsPanel } from './support/tools-tab';

const PREFIXES = ['files', 'issues', 'search', 'mail', 'calendar'];
const PER_SERVER = 40;

type Task = { start: number; ms: number };
type Phase = { ms: number; tasks: Task[]; cpu: MainThreadTask[] };
type LongTaskWindow = { __longTasks: Task[] };

let servers: ManyToolsServer[] = [];

// CSS, not role queries, inside the measured phases: Playwright evaluates a role query on the page's main thread,
// and over hundreds of rows that would be counted as the app's long tasks.
const toolRows = (page: Page, name: string) => page.locator(`ul.mcp-tools[aria-label="Tools of ${name}"] > li`);
const connected = (page: Page, name: string) =>
  page.locator(`section[aria-label="MCP server ${name}"] .mcp-state[data-state="connected"]`);
const serverButton = (page: Page, name: string) =>
  page.locator('ul[aria-label="MCP server list"] li button').getByText(name, { exact: true });

/** "Add MCP server", its address and name, "Connect"; then the server's 40 tools on screen. */
async function addServer(page: Page, url: string, name: string): Promise<void> {
  await page.locator('.mcp-servers button').getByText('Add MCP server', { exact: true }).click();
  await page.getByLabel('MCP server URL', { exact: true }).fill(url);
  await page.getByLabel('Name (optional)', { exact: true }).fill(name);
  await page.locator('form button[type="submit"]').getByText('Connect', { exact: true }).click();
  await expect(connected(page, name)).toBeVisible({ timeout: 30_000 });
  await expect(toolRows(page, name)).toHaveCount(PER_SERVER);
}

test.beforeEach(async () => {
  servers = await Promise.all(PREFIXES.map((prefix) => startManyToolsServer({ prefix, count: PER_SERVER })));
});

test.afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/**
 * Runs `act` and returns its duration and the long tasks that started meanwhile, as the page saw them, with the
 * main-thread tasks of a Chromium trace of the same span (their CPU time tells the page's own work apart from waiting
 * for a core on a busy machine).
 */
async function phase(page: Page, act: () => Promise<void>, opts: { reload?: boolean } = {}): Promise<Phase> {
  let measured: Omit<Phase, 'cpu'> = { ms: 0, tasks: [] };
  const cpu = await traceMainThread(page, async () => {
    if (opts.reload === true) await page.reload();
    // After a reload the clock starts again: the phase runs from the new document's start.
    const start = opts.reload === true ? 0 : await page.evaluate(() => performance.now());
    await act();
    // Two frames and a task: a long task that just ended is delivered to the observer by then.
    const end = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0))),
        ),
    );
    const tasks = await page.evaluate(
      (from) => (window as unknown as LongTaskWindow).__longTasks.filter((t) => t.start >= from),
      start,
    );
    measured = { ms: end - start, tasks };
  });
  return { ...measured, cpu };
}

/** Main-thread tasks that used over 50 ms of CPU: the page's own long work, whatever the machine's load. */
const cpuLong = (p: Phase) => p.cpu.filter((t) => t.cpuMs > 50);

function describe(name: string, base: Phase, many: Phase): string {
  const longest = (p: Phase) => Math.max(0, ...p.tasks.map((t) => t.ms));
  const blocking = (p: Phase) => p.tasks.reduce((sum, t) => sum + Math.max(0, t.ms - 50), 0);
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : a > 0 ? 'n/a (baseline 0)' : '1.00');
  const cpu = (p: Phase) => {
    const top = [...p.cpu].sort((a, b) => b.cpuMs - a.cpuMs)[0];
    return `${cpuLong(p).length} (most CPU in one task ${top === undefined ? 0 : Math.round(top.cpuMs)} ms${top === undefined ? '' : `, ${top.mostly}`}; ${p.cpu.filter((t) => t.wallMs > 50).length} over 50 ms of wall time in the trace)`;
  };
  return (
    `${name}: ${many.ms.toFixed(0)} ms vs ${base.ms.toFixed(0)} ms with no server (ratio ${ratio(many.ms, base.ms)}); ` +
    `tasks over 50 ms: ${many.tasks.length} (longest ${longest(many)} ms, blocking ${blocking(many)} ms) vs ${base.tasks.length} (longest ${longest(base)} ms, blocking ${blocking(base)} ms); ` +
    `tasks over 50 ms of CPU: ${cpu(many)} vs ${cpu(base)}`
  );
}

test('200 tools from 5 MCP servers: long tasks while connecting, listing, rendering and offering them, against no server', {
  tag: '@bench',
}, async ({ page, mock }) => {
  test.setTimeout(240_000);
  await page.addInitScript(() => {
    const w = window as unknown as LongTaskWindow;
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, ms: Math.round(e.duration) });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.setViewportSize({ width: 1400, height: 900 });
  // A model the app knows, with a window that holds 200 tool schemas (the mock's default would be compacted first).
  await openConfiguredApp(page, mock, { model: 'gpt-4o' });
  const chatTab = page.getByRole('tab', { name: 'Chat' });
  const toolsTab = page.getByRole('tab', { name: 'Tools' });
  const addButton = toolsPanel(page).getByRole('button', { name: 'Add MCP server' });

  // Baseline, no MCP server: the Tools view, a reload back to it, a run with one tool call.
  const baseView = await phase(page, async () => {
    await toolsTab.click();
    await expect(addButton).toBeVisible();
  });
  const baseReload = await phase(
    page,
    async () => {
      await toolsTab.click();
      await expect(addButton).toBeVisible();
    },
    { reload: true },
  );
  await chatTab.click();
  const builtIn = 'current_time';
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_base', name: builtIn, arguments: {} }] },
    { kind: 'text', content: 'Baseline done.' },
  ]);
  const baseRun = await phase(page, async () => {
    await sendMessage(page, 'baseline run');
    await waitForIdle(page);
  });
  const baseOffered = mock.requests.at(-1)?.body.tools?.length ?? 0;

  // 5 servers added through the form, each connected and its 40 tools listed in its pane.
  const view = await phase(page, async () => {
    await toolsTab.click();
    for (const [i, s] of servers.entries()) await addServer(page, s.url, PREFIXES[i] ?? s.name);
  });
  // A reload: every server reconnects and relists; each pane shows its tools.
  const reload = await phase(
    page,
    async () => {
      await toolsTab.click();
      for (const name of PREFIXES) {
        await serverButton(page, name).click();
        await expect(connected(page, name)).toBeVisible({ timeout: 30_000 });
        await expect(toolRows(page, name)).toHaveCount(PER_SERVER);
      }
    },
    { reload: true },
  );
  await chatTab.click();
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_mcp', name: 'files__files-tool-000', arguments: { path: '/a' } }] },
    { kind: 'text', content: 'All tools offered.' },
  ]);
  const run = await phase(page, async () => {
    await sendMessage(page, 'run with every tool');
    // A finished call folds into its calm row; the result is read after the phase, once the row is opened.
    await expect(page.locator('.tool-card[data-call-id="call_mcp"]')).toHaveAttribute('data-row', /^(open|folded)$/, {
      timeout: 30_000,
    });
    await waitForIdle(page);
  });
  await expandToolCard(toolCard(page, 'call_mcp'));
  await expect(toolCard(page, 'call_mcp')).toContainText('files-tool-000 done');
  const offered = mock.requests.at(-1)?.body.tools?.map((t) => t.function?.name ?? '') ?? [];
  expect(offered.filter((n) => n.includes('-tool-'))).toHaveLength(PREFIXES.length * PER_SERVER);
  expect(offered.length).toBe(baseOffered + PREFIXES.length * PER_SERVER);

  const lines = [
    describe('add 5 servers and list 200 tools (vs open Tools)', baseView, view),
    describe('reload, reconnect and show 200 tools (vs reload to Tools)', baseReload, reload),
    describe(
      `run offering ${offered.length} tools, one MCP call (vs ${baseOffered} tools, one built-in call)`,
      baseRun,
      run,
    ),
  ];
  for (const line of lines) {
    test.info().annotations.push({ type: 'mcp-200-tools', description: line });
    console.log(`[mcp-many-tools] ${line}`);
  }

  // The page's own work, whatever the machine's load: no main-thread task while listing, reloading or running with
  // 200 tools used over 50 ms of CPU. One exception, reported above: the MCP client's first evaluation (the SDK
  // builds its zod message schemas as its module loads, about 40-55 ms of CPU here), which no app code can split.
  for (const [name, p] of [
    ['add and list', view],
    ['reload and show', reload],
    ['run', run],
  ] as const) {
    const over = cpuLong(p)
      .filter((t) => t.mostly !== 'v8.evaluateModule')
      .map((t) => `${Math.round(t.cpuMs)} ms of CPU, mostly ${t.mostly}`);
    expect(over, `${name}: main-thread tasks over 50 ms of CPU`).toEqual([]);
  }
});
