/**
 * npm run bench:lighthouse — the app's first screen under Lighthouse's mobile preset, beside a minimal React 19 page
 * built with Vite in the same run (docs/architecture.md, "Speed targets", "First load"): LCP as the ratio app/minimal
 * (target <= 1.3x) and the app's TBT (target under 200 ms), in every round and as the median of RUNS runs, app and minimal interleaved
 * (the order alternates each round) so a busy machine weighs on both alike.
 *
 * Lighthouse lives in this folder with its own package.json: it brings ~200 MB the app's `npm ci` need not carry.
 * On a clean clone it is installed here (`npm ci --prefix bench/lighthouse`) before the first run. Vite and the React
 * plugin come from the repository's own node_modules. Plain JS, not TS: `tsc` over bench/ must pass on a clone where
 * this folder's node_modules is not installed.
 *
 * Env: CHROMIUM_PATH (default /usr/bin/chromium), LH_RUNS (default 3), LH_DIST (an app build to use instead of
 * building one into a temp dir), LH_SAVE (a file to write the app's median-LCP report to, as JSON), LH_BUSY (a count
 * of busy processes, `node -e "for(;;){}"`, kept running through the measured runs: the target holds with one),
 * LH_BASELINE_DIST (another app build, e.g. the last release's, measured interleaved in the same rounds as "baseline":
 * a change's before and after under the same load).
 * Each run prints the machine's load average beside its figures, since TBT on a shared machine says little without it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const here = import.meta.dirname;
const repo = resolve(here, '../..');
const RUNS = Number(process.env.LH_RUNS) || 3;
const BUSY = Math.max(0, Math.floor(Number(process.env.LH_BUSY) || 0));
// Both targets hold in every round, not as a median: each app run against the minimal page's run of the same round.
const LCP_TARGET = 1.3;
const TBT_TARGET_MS = 200;
const chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// The flags Playwright's browsers get (playwright.config.ts), so both tools see the same Chromium.
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function ensureLighthouse() {
  if (existsSync(join(here, 'node_modules/lighthouse/package.json'))) return;
  process.stdout.write('Lighthouse is not installed in bench/lighthouse/: npm ci --prefix bench/lighthouse\n');
  const r = spawnSync('npm', ['ci', '--prefix', here], { stdio: 'inherit', cwd: repo });
  if (r.status !== 0)
    throw new Error(
      `npm ci --prefix bench/lighthouse failed (exit ${r.status}); run it by hand and look at its output.`,
    );
}

/** A port nothing listens on now (the OS picks it), for vite preview's strictPort. */
function freePort() {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (typeof addr === 'object' && addr ? done(addr.port) : fail(new Error('no port'))));
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const ms = (x) => `${Math.round(x)} ms`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** The 1-minute load average, and the 5-minute one beside it (what the machine was doing around a run). */
const load = () => {
  const [one, five] = loadavg();
  return `load ${one.toFixed(2)} (5 min ${five.toFixed(2)})`;
};

/** Processes that each keep one core busy until killed: the "one other busy process" a user's machine has. */
function startBusy(count) {
  const children = [];
  for (let i = 0; i < count; i++) children.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  return () => {
    for (const c of children) c.kill('SIGKILL');
  };
}

/** The few lines of the app's own audits that say where its LCP and TBT go (largest first). */
function causes(lhr) {
  const a = lhr.audits;
  const lines = [];
  const lcpEl = a['largest-contentful-paint-element']?.details;
  const parts = lcpEl?.type === 'list' ? lcpEl.items : lcpEl ? [lcpEl] : [];
  for (const part of parts) {
    for (const item of part.items ?? []) {
      if (item.node)
        lines.push(
          `LCP element: ${item.node.selector ?? ''} ${item.node.snippet ?? ''} "${item.node.nodeLabel ?? ''}"`,
        );
      else if (item.phase) lines.push(`  LCP phase ${item.phase}: ${ms(item.timing)}`);
    }
  }
  const blocking = a['render-blocking-resources'];
  const blockingItems = blocking?.details?.items ?? [];
  lines.push(`render-blocking: ${blockingItems.length} resource(s), est. savings ${ms(blocking?.numericValue ?? 0)}`);
  for (const r of blockingItems.slice(0, 3)) lines.push(`  ${r.url} ${kb(r.totalBytes ?? 0)} ${ms(r.wastedMs ?? 0)}`);
  const boot = a['bootup-time'];
  lines.push(`bootup-time: ${ms(boot?.numericValue ?? 0)} of script (top 3, total / scripting / parse+compile):`);
  for (const r of (boot?.details?.items ?? []).slice(0, 3)) {
    lines.push(`  ${r.url} ${ms(r.total)} / ${ms(r.scripting)} / ${ms(r.scriptParseCompile)}`);
  }
  const tasks = [...(a['main-thread-tasks']?.details?.items ?? [])].sort((x, y) => y.duration - x.duration);
  lines.push(
    `main-thread-tasks: ${tasks.length} tasks, longest: ${tasks
      .slice(0, 4)
      .map((t) => `${ms(t.duration)} at ${ms(t.startTime)}`)
      .join(', ')}`,
  );
  const long = a['long-tasks']?.details?.items ?? [];
  for (const t of long.slice(0, 3)) lines.push(`  long task ${ms(t.duration)} (simulated) from ${t.url}`);
  return lines;
}

async function main() {
  ensureLighthouse();
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const { build, preview } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');

  const tmp = mkdtempSync(join(tmpdir(), 'toolscope-lh-'));
  const servers = [];
  try {
    const appDir = process.env.LH_DIST ? resolve(repo, process.env.LH_DIST) : join(tmp, 'app');
    if (!process.env.LH_DIST)
      await build({ root: repo, logLevel: 'error', build: { outDir: appDir, emptyOutDir: true } });
    const minimalDir = join(tmp, 'minimal');
    await build({
      root: join(here, 'minimal'),
      configFile: false,
      base: './',
      logLevel: 'error',
      plugins: [react()],
      build: { outDir: minimalDir, emptyOutDir: true, target: 'es2022' },
    });

    /** Serves a build with vite preview on 127.0.0.1; the app's with its own config (its headers, its CSP). */
    async function serve(outDir, ownConfig) {
      const port = await freePort();
      const server = await preview({
        root: ownConfig ? repo : join(here, 'minimal'),
        ...(ownConfig ? {} : { configFile: false }),
        logLevel: 'warn',
        preview: { host: '127.0.0.1', port, strictPort: true, open: false },
        build: { outDir },
      });
      servers.push(server);
      return `http://127.0.0.1:${port}/`;
    }
    const pages = { app: await serve(appDir, true), minimal: await serve(minimalDir, false) };
    if (process.env.LH_BASELINE_DIST) pages.baseline = await serve(resolve(repo, process.env.LH_BASELINE_DIST), true);
    const names = Object.keys(pages);

    /** One Lighthouse run in a fresh Chromium (a fresh profile: no cache, no service worker). */
    async function measure(url) {
      const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
      try {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned no report for ${url}.`);
        if (lhr.runtimeError)
          throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const num = (id) => lhr.audits[id]?.numericValue ?? NaN;
        return {
          lcp: num('largest-contentful-paint'),
          fcp: num('first-contentful-paint'),
          tbt: num('total-blocking-time'),
          lhr,
        };
      } finally {
        await chrome.kill();
      }
    }

    const runs = Object.fromEntries(names.map((n) => [n, []]));
    const loads = [];
    const stopBusy = startBusy(BUSY);
    if (BUSY > 0) process.stdout.write(`[lighthouse] ${BUSY} busy process(es) running beside the measured runs\n`);
    try {
      for (let i = 0; i < RUNS; i++) {
        for (const name of i % 2 === 0 ? names : [...names].reverse()) {
          const r = await measure(pages[name]);
          runs[name].push(r);
          loads.push(loadavg()[0]);
          process.stdout.write(
            `[lighthouse] round ${i + 1} ${name}: LCP ${ms(r.lcp)}, FCP ${ms(r.fcp)}, TBT ${ms(r.tbt)}, ${load()}\n`,
          );
        }
      }
    } finally {
      stopBusy();
    }

    const pick = (name, key) => runs[name].map((r) => r[key]);
    const figures = (name) => ({
      lcpMs: median(pick(name, 'lcp')),
      fcpMs: median(pick(name, 'fcp')),
      tbtMs: median(pick(name, 'tbt')),
    });
    const app = figures('app');
    const minimal = figures('minimal');
    const lcpRatio = app.lcpMs / minimal.lcpMs;
    const lhVersion = runs.app[0].lhr.lighthouseVersion;
    const browser = runs.app[0].lhr.environment?.hostUserAgent?.match(/Chrome\/[\d.]+/)?.[0] ?? chromePath;

    const out = process.stdout;
    const list = (name, key) =>
      pick(name, key)
        .map((x) => Math.round(x))
        .join(', ');
    out.write(
      `\nLighthouse ${lhVersion} mobile preset (simulated throttling), ${browser}, ${RUNS} runs each, interleaved (median; runs in brackets):\n`,
    );
    out.write(
      `  machine: ${BUSY} busy process(es) beside the runs, 1-minute load average after each run ${loads.map((x) => x.toFixed(2)).join(', ')}\n`,
    );
    out.write(
      `  minimal  LCP ${ms(minimal.lcpMs)} [${list('minimal', 'lcp')}]  FCP ${ms(minimal.fcpMs)}  TBT ${ms(minimal.tbtMs)} [${list('minimal', 'tbt')}]\n`,
    );
    out.write(
      `  app      LCP ${ms(app.lcpMs)} [${list('app', 'lcp')}]  FCP ${ms(app.fcpMs)}  TBT ${ms(app.tbtMs)} [${list('app', 'tbt')}]\n`,
    );
    if (runs.baseline) {
      const b = figures('baseline');
      out.write(
        `  baseline LCP ${ms(b.lcpMs)} [${list('baseline', 'lcp')}]  FCP ${ms(b.fcpMs)}  TBT ${ms(b.tbtMs)} ` +
          `[${list('baseline', 'tbt')}] (${process.env.LH_BASELINE_DIST})\n`,
      );
    }
    out.write(
      `  LCP app/minimal ${lcpRatio.toFixed(2)}x (target <= ${LCP_TARGET}x)${lcpRatio <= LCP_TARGET ? '' : ' OVER'}\n`,
    );
    out.write(
      `  TBT app ${ms(app.tbtMs)} (target <= ${TBT_TARGET_MS} ms)${app.tbtMs <= TBT_TARGET_MS ? '' : ' OVER'}\n`,
    );
    const roundRatios = runs.app.map((r, i) => r.lcp / (runs.minimal[i]?.lcp ?? NaN));
    const lcpOver = roundRatios.filter((x) => !(x <= LCP_TARGET)).length;
    const tbtOver = runs.app.filter((r) => !(r.tbt < TBT_TARGET_MS)).length;
    out.write(
      `  per round: LCP app/minimal [${roundRatios.map((x) => x.toFixed(2)).join(', ')}], ${lcpOver} ` +
        `of ${RUNS} over ${LCP_TARGET}x; TBT ${tbtOver} of ${RUNS} at or over ${TBT_TARGET_MS} ms\n`,
    );
    if (runs.baseline) {
      const b = runs.baseline.map((r, i) => r.lcp / (runs.minimal[i]?.lcp ?? NaN));
      out.write(
        `  baseline per round: LCP/minimal [${b.map((x) => x.toFixed(2)).join(', ')}], ${b.filter((x) => !(x <= LCP_TARGET)).length} ` +
          `of ${RUNS} over ${LCP_TARGET}x; TBT ${runs.baseline.filter((r) => !(r.tbt < TBT_TARGET_MS)).length} ` +
          `of ${RUNS} at or over ${TBT_TARGET_MS} ms\n`,
      );
    }
    // The run whose LCP is the median one: its audits say where the time goes.
    const mid = runs.app.find((r) => r.lcp === app.lcpMs) ?? runs.app[0];
    out.write(`\nWhere the app's time goes (its median-LCP run, Lighthouse's own audits):\n`);
    for (const line of causes(mid.lhr)) out.write(`  ${line}\n`);
    if (process.env.LH_SAVE) writeFileSync(resolve(repo, process.env.LH_SAVE), JSON.stringify(mid.lhr));

    const result = {
      date: new Date().toISOString(),
      lighthouse: lhVersion,
      browser,
      runs: RUNS,
      busyProcesses: BUSY,
      loadAverages: loads,
      app: { ...app, runs: runs.app.map(({ lcp, fcp, tbt }) => ({ lcp, fcp, tbt })) },
      minimal: { ...minimal, runs: runs.minimal.map(({ lcp, fcp, tbt }) => ({ lcp, fcp, tbt })) },
      ...(runs.baseline
        ? {
            baseline: {
              dist: process.env.LH_BASELINE_DIST,
              ...figures('baseline'),
              runs: runs.baseline.map(({ lcp, fcp, tbt }) => ({ lcp, fcp, tbt })),
            },
          }
        : {}),
      lcpRatio,
      roundRatios: runs.app.map((r, i) => r.lcp / (runs.minimal[i]?.lcp ?? NaN)),
      targets: { lcpRatio: LCP_TARGET, tbtMs: TBT_TARGET_MS },
    };
    const outDir = join(repo, 'bench/results');
    mkdirSync(outDir, { recursive: true });
    const file = join(outDir, 'latest.json');
    let latest = {};
    try {
      latest = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      // No other figures yet: this one stands alone.
    }
    writeFileSync(file, `${JSON.stringify({ ...latest, lighthouse: result }, null, 2)}\n`);
  } finally {
    for (const s of servers) await s.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
