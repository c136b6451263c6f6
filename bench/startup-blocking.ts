/**
 * npm run bench:startup — how long start-up blocks the main thread after the first paint (architecture.md,
 * "Speed targets", "Start-up"): the built app opened in a fresh Chromium context with the CPU slowed 4× (as
 * Lighthouse's mobile preset assumes), BENCH_BUSY processes (default 1) keeping cores busy beside it, as a user's
 * machine with other work has. The browser's own Long Tasks API reports every task over 50 ms; the figure is their
 * excess over 50 ms summed from the first contentful paint until the page is quiet (Lighthouse's TBT, measured
 * rather than simulated), and the longest such task. Quiet: at least MIN_AFTER_SHELL_MS after the real shell is drawn
 * (the service worker is asked for only once start-up is done and the page idle, and its install fetches every file),
 * and then QUIET_MS with no long task and no request in flight, the worker's included; bounded by MAX_AFTER_SHELL_MS,
 * a round that never got quiet says so. Median of BENCH_ROUNDS rounds (default 7). With
 * BENCH_BASELINE_DIST another build (say the last release's) runs interleaved in the same rounds, so a change's
 * before and after share the load. The load average is printed beside the figures; it reports and never fails.
 *
 * Env: BENCH_DIST (default dist, built by `npm run bench:ui`), BENCH_BASELINE_DIST, BENCH_BUSY, BENCH_ROUNDS,
 * CHROMIUM_PATH.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { recordFigures } from './results-file';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright';
import { preview, type PreviewServer } from 'vite';

type Sample = {
  blockingMs: number;
  longestMs: number;
  longTasks: number;
  measuredMs: number;
  quiet: boolean;
  serviceWorker: boolean;
};

const MIN_AFTER_SHELL_MS = 10_000;
const QUIET_MS = 2_000;
const MAX_AFTER_SHELL_MS = 60_000;

const repo = resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 7;
const BUSY = process.env.BENCH_BUSY === undefined ? 1 : Math.max(0, Math.floor(Number(process.env.BENCH_BUSY)));
const builds: { name: string; dir: string }[] = [{ name: 'app', dir: resolve(repo, process.env.BENCH_DIST ?? 'dist') }];
if (process.env.BENCH_BASELINE_DIST)
  builds.push({ name: 'baseline', dir: resolve(repo, process.env.BENCH_BASELINE_DIST) });
// The flags Playwright's browsers get in the e2e suite (playwright.config.ts).
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Requests in flight in a context (the page's and its service worker's) and when the last one began or ended. */
function watchNetwork(context: BrowserContext): { inFlight: () => number; lastAt: () => number } {
  let inFlight = 0;
  let lastAt = Date.now();
  context.on('request', () => {
    inFlight++;
    lastAt = Date.now();
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastAt = Date.now();
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  return { inFlight: () => inFlight, lastAt: () => lastAt };
}

/**
 * Waits from the real shell until the page is quiet (see the header): a bench measures over time, so this one polls.
 * Returns how long after the shell it measured, whether it got quiet in bounds, and whether the worker was active.
 */
async function waitUntilQuiet(
  page: Page,
  network: ReturnType<typeof watchNetwork>,
): Promise<{ measuredMs: number; quiet: boolean; serviceWorker: boolean }> {
  const shellAt = Date.now();
  for (;;) {
    const now = Date.now();
    const sinceLongTask = await page.evaluate(() => {
      const tasks = (window as unknown as { __longTasks: [number, number][] }).__longTasks;
      const last = tasks.at(-1);
      return last ? performance.now() - (last[0] + last[1]) : Infinity;
    });
    const quiet =
      now - shellAt >= MIN_AFTER_SHELL_MS &&
      network.inFlight() === 0 &&
      now - network.lastAt() >= QUIET_MS &&
      sinceLongTask >= QUIET_MS;
    if (quiet || now - shellAt >= MAX_AFTER_SHELL_MS) {
      const serviceWorker = await page.evaluate(
        async () => (await navigator.serviceWorker?.getRegistration())?.active?.state === 'activated',
      );
      return { measuredMs: now - shellAt, quiet, serviceWorker };
    }
    await page.waitForTimeout(250);
  }
}

async function main(): Promise<void> {
  for (const b of builds)
    if (!existsSync(join(b.dir, 'index.html')))
      throw new Error(`No build in ${b.dir}: run \`npx vite build\` first (or set BENCH_DIST).`);
  const servers: PreviewServer[] = [];
  const urls: string[] = [];
  for (const b of builds) {
    const server = await preview({
      root: repo,
      logLevel: 'silent',
      preview: { host: '127.0.0.1', port: 0, open: false },
      build: { outDir: b.dir },
    });
    servers.push(server);
    urls.push(server.resolvedUrls?.local[0] ?? '');
  }
  const busy = Array.from({ length: BUSY }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: FLAGS,
  });
  const samples: Sample[][] = builds.map(() => []);
  const loads: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = builds.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const network = watchNetwork(context);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.addInitScript(() => {
          const w = window as unknown as { __longTasks: [number, number][] };
          w.__longTasks = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
          }).observe({ type: 'longtask', buffered: true });
        });
        await page.goto(urls[i]!);
        // The real shell is drawn (the stand-in has no accessible controls), then a quiet spell for what follows it.
        await page
          .getByRole('textbox', { name: 'Message' })
          .or(page.getByRole('button', { name: 'Open settings' }))
          .first()
          .waitFor({ timeout: 120_000 });
        const quiet = await waitUntilQuiet(page, network);
        const blocking = await page.evaluate(() => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
          const after = (window as unknown as { __longTasks: [number, number][] }).__longTasks.filter(
            ([start]) => start >= fcp,
          );
          return {
            blockingMs: after.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0),
            longestMs: Math.max(0, ...after.map(([, d]) => d)),
            longTasks: after.length,
          };
        });
        samples[i]!.push({ ...blocking, ...quiet });
        loads.push(loadavg()[0]!);
        await context.close();
      }
    }
  } finally {
    for (const p of busy) p.kill('SIGKILL');
    await browser.close();
    for (const s of servers) await s.close();
  }
  const out = process.stdout;
  out.write(
    `Start-up main-thread blocking after the first paint, Chromium with the CPU 4x slower, ${BUSY} ` +
      `busy process(es), ${ROUNDS} rounds (median; rounds in brackets):\n`,
  );
  out.write(`  machine: 1-minute load average after each run ${loads.map((x) => x.toFixed(2)).join(', ')}\n`);
  const figures: Record<string, { dir: string; blockingMs: number; longestMs: number; runs: Sample[] }> = {};
  builds.forEach((b, i) => {
    const runs = samples[i]!;
    const blocking = median(runs.map((r) => r.blockingMs));
    const longest = median(runs.map((r) => r.longestMs));
    figures[b.name] = { dir: b.dir, blockingMs: blocking, longestMs: longest, runs };
    out.write(
      `  ${b.name.padEnd(8)} blocking ${Math.round(blocking)} ms [${runs.map((r) => Math.round(r.blockingMs)).join(', ')}], ` +
        `longest task ${Math.round(longest)} ms, long tasks [${runs.map((r) => r.longTasks).join(', ')}], ` +
        `measured until ${runs.map((r) => `${(r.measuredMs / 1000).toFixed(1)} s${r.quiet ? '' : ' (never quiet)'}`).join(', ')} ` +
        `after the shell, service worker active in ${runs.filter((r) => r.serviceWorker).length} of ` +
        `${runs.length}  (${b.dir})\n`,
    );
  });
  recordFigures('startupBlocking', {
    date: new Date().toISOString(),
    busyProcesses: BUSY,
    rounds: ROUNDS,
    loadAverages: loads,
    ...figures,
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
