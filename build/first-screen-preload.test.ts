import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_MODULE, staticGraph, type BundleFile } from './first-screen-preload';

const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null, css: string[] = []): BundleFile => ({
  type: 'chunk', fileName, facadeModuleId, imports, viteMetadata: { importedCss: new Set(css) },
});

describe("the first screen's files named in index.html", () => {
  it("are mount-app's chunk and its static imports, each once, with their CSS; not the entry, not lazy chunks", () => {
    const bundle: Record<string, BundleFile> = {
      'assets/index.js': chunk('assets/index.js', ['assets/storage.js'], '/repo/src/main.tsx'),
      'assets/mount-app.js': chunk('assets/mount-app.js', ['assets/react.js', 'assets/store.js'], '/repo/src/mount-app.tsx', ['assets/mount-app.css']),
      'assets/react.js': chunk('assets/react.js', []),
      'assets/store.js': chunk('assets/store.js', ['assets/react.js', 'assets/db.js'], null, ['assets/store.css']),
      'assets/db.js': chunk('assets/db.js', ['assets/store.js']),
      'assets/settings-view.js': chunk('assets/settings-view.js', ['assets/react.js'], '/repo/src/ui/settings/settings-view.tsx'),
      'assets/mount-app.css': { type: 'asset', fileName: 'assets/mount-app.css' },
    };
    expect(staticGraph(bundle, FIRST_SCREEN_MODULE)).toEqual({
      scripts: ['assets/mount-app.js', 'assets/react.js', 'assets/store.js', 'assets/db.js'],
      styles: ['assets/mount-app.css', 'assets/store.css'],
    });
  });

  it('are none when no chunk is made from the module', () => {
    expect(staticGraph({ 'assets/index.js': chunk('assets/index.js', [], '/repo/src/main.tsx') }, FIRST_SCREEN_MODULE)).toEqual({ scripts: [], styles: [] });
  });
});
