import { defineConfig } from '@playwright/test';

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PORT = Number(process.env.E2E_APP_PORT || 4319);
// Where the built app is; separate dirs let several builds be tested side by side.
const DIST = process.env.E2E_DIST || 'dist';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Tests, not files, are spread over the workers: a long file at the end of the list no longer leaves the other
  // workers idle. Every test starts its own servers on ephemeral ports (beforeEach, or fixtures) and gets its own
  // browser context (its own IndexedDB), so tests share nothing but the built app. The two files that share one
  // Vite dev server between their tests (beforeAll) keep their tests in one worker. E2E_WORKERS=1 runs them one by one.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS) || 3,
  retries: 0,
  // A test.only left in a spec would run alone and the rest of the suite would pass unrun: CI refuses it.
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort --outDir ${DIST}`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
