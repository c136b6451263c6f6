/**
 * `npm run test:engines`: the smoke journey (journey.ts), then a tool loop with thinking in each native wire format
 * (journey-formats.ts), in Firefox and in WebKitGTK against the built app and the project's mock model server, both on
 * 127.0.0.1. Chromium runs the full Playwright suite; these two keep the app working where Playwright's own browsers
 * cannot be installed. Run under xvfb-run (WebKitGTK needs a display).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockServer } from '../server/mock-server';
import { launchFirefox } from './firefox';
import { smokeJourney } from './journey';
import { nativeFormatsJourney } from './journey-formats';
import type { Engine } from './page-driver';
import { launchWebKit } from './webkit';

const DIST = process.env.E2E_DIST || 'dist';
const PORT = Number(process.env.E2E_ENGINES_PORT || 4329);
const ENGINES: Record<string, () => Promise<Engine>> = { firefox: launchFirefox, webkit: launchWebKit };

async function startPreview(): Promise<() => void> {
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error(`${DIST}/index.html is missing: build the app first (npx vite build)`);
  // Its own process group: npx starts vite as a child, and killing npx alone would leave vite holding the port.
  const child = spawn(
    'npx',
    ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort', '--outDir', DIST],
    { stdio: 'ignore', detached: true },
  );
  const stop = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid);
    } catch {
      child.kill();
    }
  };
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`vite preview exited with ${child.exitCode} (is port ${PORT} taken?)`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/`)).ok) return stop;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error('vite preview did not start');
}

async function runEngine(key: string, launch: () => Promise<Engine>, appUrl: string): Promise<boolean> {
  const started = Date.now();
  const mock = await startMockServer();
  const tmp = mkdtempSync(join(tmpdir(), `toolscope-${key}-`));
  let engine: Engine | null = null;
  let step = 'launch';
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  try {
    engine = await launch();
    process.stdout.write(`${engine.name} ${engine.version} (started in ${seconds()} s)\n`);
    const log = (s: string) => {
      step = s;
      // When each step began: on a busy machine the slowest step says where a failure's time went.
      process.stdout.write(`  · ${s} (at ${seconds()} s)\n`);
    };
    await smokeJourney(engine.page, appUrl, mock, tmp, log);
    await nativeFormatsJourney(engine.page, mock, log);
    process.stdout.write(`  ✓ ${engine.name}: journey passed in ${seconds()} s\n`);
    return true;
  } catch (err) {
    process.stdout.write(
      `  ✗ ${engine?.name ?? key}: failed at "${step}": ` +
        `${err instanceof Error ? `${err.name}: ${err.message} ${(err.stack ?? '').split('\n').slice(1, 4).join(' | ')}` : String(err)}\n`,
    );
    return false;
  } finally {
    await engine?.close().catch(() => undefined);
    await mock.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const chosen = Object.entries(ENGINES).filter(([key]) => only.length === 0 || only.includes(key));
  const stop = await startPreview();
  let failed = 0;
  try {
    for (const [key, launch] of chosen) if (!(await runEngine(key, launch, `http://127.0.0.1:${PORT}/`))) failed += 1;
  } finally {
    stop();
  }
  process.stdout.write(
    failed ? `${failed} of ${chosen.length} engines failed\n` : `all ${chosen.length} engines passed\n`,
  );
  process.exit(failed ? 1 : 0);
}

void main();
