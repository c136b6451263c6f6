import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { cspPlugin } from './build/csp';

export default defineConfig({
  plugins: [react(), cspPlugin()],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: false },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'e2e/server/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20000,
  },
});
