import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { clientMetadataPlugin } from './build/client-metadata';
import { compileHintsPlugin } from './build/compile-hints';
import { cspPlugin, devCspPlugin } from './build/csp';
import { entryPreloadPlugin } from './build/entry-preload';
import { exportValidatorsPlugin } from './build/export-validators';
import { hostCachePlugin } from './build/host-cache';
import { serviceWorkerPlugin } from './build/service-worker';
import { sideEffectFreePlugin } from './build/side-effect-free';
import { staticStandInPlugin } from './build/static-stand-in';
import { unitTestGroups } from './build/test-isolation';

const unitTests = unitTestGroups();

export default defineConfig({
  // Relative asset URLs: the built page works from any path on any static host (/, /any/sub/path/).
  base: './',
  // sideEffectFreePlugin: src/store/mcp/ behind one face without growing the first load (build/side-effect-free.ts).
  plugins: [
    react(),
    clientMetadataPlugin(),
    cspPlugin(),
    devCspPlugin(),
    exportValidatorsPlugin(),
    compileHintsPlugin(),
    entryPreloadPlugin(),
    staticStandInPlugin(),
    serviceWorkerPlugin(),
    sideEffectFreePlugin(),
    hostCachePlugin(),
  ],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  // Worker bundles do not inherit `plugins` in a build; the import worker validates files with the generated code.
  worker: { format: 'es', plugins: () => [exportValidatorsPlugin()] },
  // Vite's modulepreload helper off: it appended every screen chunk's link in one task at start-up. The entry's own
  // static imports are linked in index.html at build time instead (build/entry-preload.ts; docs/speed-and-tests.md, "Start-up").
  build: { target: 'es2022', sourcemap: false, modulePreload: false },
  test: {
    environment: 'node',
    testTimeout: 20000,
    // An it.only would run alone and every other test would be skipped, quietly: CI refuses it (the lint rule
    // local/no-only catches it before that).
    allowOnly: !process.env.CI,
    // Vitest's default for a run is one worker fewer than the cores: one worker on a 2-core CI machine, where the
    // unit tests then took three times as long. Every core: the tests that share the run (conformance, the other
    // engines' journey) mostly wait on sockets.
    maxWorkers: Math.max(2, availableParallelism()),
    // Files that touch no global state share a module registry (fast); the rest get a fresh one each (build/test-isolation.ts).
    projects: [
      { extends: true, test: { name: 'shared', include: unitTests.shared, isolate: false } },
      { extends: true, test: { name: 'isolated', include: unitTests.isolated } },
    ],
  },
});
