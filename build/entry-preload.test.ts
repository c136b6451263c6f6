import { describe, expect, it } from 'vitest';
import { entryPreloadTags, type EntryChunk } from './entry-preload';

const chunk = (fileName: string, imports: string[] = []): EntryChunk => ({ type: 'chunk', fileName, imports });

describe('entryPreloadTags', () => {
  const bundle = {
    'assets/index.js': chunk('assets/index.js', ['assets/runtime.js', 'assets/react.js']),
    'assets/runtime.js': chunk('assets/runtime.js'),
    'assets/react.js': chunk('assets/react.js', ['assets/runtime.js', 'assets/scheduler.js']),
    'assets/scheduler.js': chunk('assets/scheduler.js'),
    // Start-up's later steps and the screens: imported dynamically, so not in any `imports`.
    'assets/database.js': chunk('assets/database.js', ['assets/dexie.js', 'assets/runtime.js']),
    'assets/dexie.js': chunk('assets/dexie.js'),
    'assets/tools-view.js': chunk('assets/tools-view.js', ['assets/runtime.js']),
    'assets/index.css': { type: 'asset' as const, fileName: 'assets/index.css' },
  };

  it('links what the entry imports statically, transitively, and nothing start-up or a screen loads later', () => {
    const tags = entryPreloadTags(bundle, 'assets/index.js', './');
    expect(tags.map((t) => t.attrs?.href)).toEqual([
      './assets/react.js',
      './assets/runtime.js',
      './assets/scheduler.js',
    ]);
    for (const tag of tags)
      expect(tag).toMatchObject({ tag: 'link', injectTo: 'head', attrs: { rel: 'modulepreload', crossorigin: true } });
  });

  it('writes the links under the build base', () => {
    expect(entryPreloadTags(bundle, 'assets/index.js', '/app/').map((t) => t.attrs?.href)).toContain(
      '/app/assets/runtime.js',
    );
  });
});
