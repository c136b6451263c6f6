import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { precacheList, type BuiltFile } from './precache-list';

const SOURCE = fileURLToPath(new URL('../src/sw/service-worker.ts', import.meta.url));
const SW_FILE = 'sw.js';

function publicFiles(dir: string): BuiltFile[] {
  const out: BuiltFile[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push({ fileName: relative(dir, path).split(sep).join('/'), content: readFileSync(path) });
    }
  };
  try {
    walk(dir);
  } catch {
    // No public directory: nothing to add.
  }
  return out;
}

/**
 * Builds the service worker (src/sw/service-worker.ts) into `sw.js` next to index.html, with this build's
 * precache list and a version that changes whenever any file does. Hand-written rather than Workbox: the worker
 * needs one cache, one list and one message, and a fixed file name at the root of the build (its scope).
 */
export function serviceWorkerPlugin(): Plugin {
  let publicDir = '';
  return {
    name: 'toolscope-service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: SOURCE, fileName: SW_FILE });
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const sw = bundle[SW_FILE];
        if (!sw || sw.type !== 'chunk') throw new Error(`${SW_FILE} was not built`);
        const built: BuiltFile[] = Object.values(bundle)
          .filter((f) => f.fileName !== SW_FILE)
          .map((f) => ({ fileName: f.fileName, content: f.type === 'chunk' ? f.code : f.source }));
        const files = precacheList([...built, ...publicFiles(publicDir)]);
        const hash = createHash('sha256');
        for (const f of files) hash.update(f.fileName).update(f.content);
        const manifest = { version: hash.digest('hex').slice(0, 16), files: files.map((f) => f.fileName) };
        sw.code = `const TOOLSCOPE_SW = ${JSON.stringify(manifest)};\n${sw.code}`;
      },
    },
  };
}
