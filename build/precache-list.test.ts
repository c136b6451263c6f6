import { describe, expect, it } from 'vitest';
import { precacheList } from './precache-list';

describe('precacheList', () => {
  it('keeps pages, scripts, styles, public files and the assets a built file names; drops unnamed assets', () => {
    const list = precacheList([
      { fileName: 'index.html', content: '<script src="./assets/index-a.js"></script>' },
      { fileName: 'assets/index-a.js', content: 'import("./lazy-b.js")' },
      { fileName: 'assets/lazy-b.js', content: 'new URL("emscripten-module-used.wasm", import.meta.url)' },
      { fileName: 'assets/worker-c.js', content: '' },
      { fileName: 'assets/style-d.css', content: '' },
      { fileName: 'assets/emscripten-module-used.wasm', content: new Uint8Array([0, 97, 115, 109]) },
      { fileName: 'assets/emscripten-module-debug.wasm', content: new Uint8Array([0, 97, 115, 109]) },
      { fileName: 'manifest.webmanifest', content: '{}' },
      { fileName: 'schema/toolscope-session-v1.json', content: '{}' },
    ]).map((f) => f.fileName);
    expect(list).toEqual([
      'assets/emscripten-module-used.wasm',
      'assets/index-a.js',
      'assets/lazy-b.js',
      'assets/style-d.css',
      'assets/worker-c.js',
      'index.html',
      'manifest.webmanifest',
      'schema/toolscope-session-v1.json',
    ]);
  });
});
