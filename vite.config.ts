import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { clientMetadataPlugin } from './build/client-metadata';
import { cspPlugin, devCspPlugin } from './build/csp';
import { exportValidatorsPlugin } from './build/export-validators';
import { serviceWorkerPlugin } from './build/service-worker';

export default defineConfig({
  // Relative asset URLs: the built page works from any path on any static host (/, /any/sub/path/).
  base: './',
  plugins: [react(), clientMetadataPlugin(), cspPlugin(), devCspPlugin(), exportValidatorsPlugin(), serviceWorkerPlugin()],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  // Worker bundles do not inherit `plugins` in a build; the import worker validates files with the generated code.
  worker: { format: 'es', plugins: () => [exportValidatorsPlugin()] },
  build: { target: 'es2022', sourcemap: false },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'e2e/server/**/*.test.ts', 'bench/**/*.test.ts', 'build/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20000,
  },
});
