import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASHED_ASSET_CACHE, hostCachePlugin } from './host-cache';

describe('vite preview with the host cache plugin', () => {
  let dir = '';
  let server: PreviewServer | undefined;
  let base = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'host-cache-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(dir, 'sw.js'), '// sw');
    writeFileSync(join(dir, 'assets', 'index-D22NufNc.js'), 'export {};');
    server = await preview({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [hostCachePlugin()],
      preview: { host: '127.0.0.1', port: 0 },
      build: { outDir: dir },
    });
    base = server.resolvedUrls?.local[0] ?? '';
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const cacheOf = async (path: string) => {
    const res = await fetch(new URL(path, base));
    expect(res.status).toBe(200);
    return res.headers.get('cache-control');
  };

  it('sends files under assets/ as immutable for a year, as the README asks of a host', async () => {
    expect(await cacheOf('assets/index-D22NufNc.js')).toBe(HASHED_ASSET_CACHE);
  });

  it('keeps no-cache on the page and the service worker, so a new version is found', async () => {
    expect(await cacheOf('')).toBe('no-cache');
    expect(await cacheOf('sw.js')).toBe('no-cache');
  });
});
