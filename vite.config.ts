import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { cspPlugin, devCspPlugin } from './build/csp';
import { exportValidatorsPlugin } from './build/export-validators';

export default defineConfig({
  // Relative asset paths: the built page works from any folder of a static host, not only its root (addresses
  // are in the hash, so the server never sees them).
  base: './',
  plugins: [react(), cspPlugin(), devCspPlugin(), exportValidatorsPlugin()],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  // Worker bundles do not inherit `plugins` in a build; the import worker validates files with the generated code.
  worker: { format: 'es', plugins: () => [exportValidatorsPlugin()] },
  build: { target: 'es2022', sourcemap: false },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'e2e/server/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20000,
  },
});
