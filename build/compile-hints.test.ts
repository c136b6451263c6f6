import { describe, expect, it } from 'vitest';
import { startUpChunks, type HintableChunk } from './compile-hints';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = []): HintableChunk => ({
  type: 'chunk',
  fileName,
  moduleIds,
  imports,
});

describe('startUpChunks', () => {
  it('takes the chunks holding a start-up module and what they import statically, not the screens loaded later', () => {
    const bundle = {
      'assets/index.js': chunk(
        'assets/index.js',
        ['/repo/src/main.tsx', '/repo/node_modules/react/index.js'],
        ['assets/runtime.js'],
      ),
      'assets/runtime.js': chunk('assets/runtime.js', ['\0rolldown/runtime.js']),
      'assets/database.js': chunk('assets/database.js', ['C:\\repo\\src\\db\\database.ts'], ['assets/dexie.js']),
      'assets/dexie.js': chunk('assets/dexie.js', ['/repo/node_modules/dexie/import-wrapper.mjs']),
      'assets/app.js': chunk('assets/app.js', ['/repo/src/ui/app.tsx'], ['assets/ui-store.js']),
      'assets/ui-store.js': chunk('assets/ui-store.js', ['/repo/src/store/ui-store.ts']),
      'assets/tools-view.js': chunk(
        'assets/tools-view.js',
        ['/repo/src/ui/tools/tools-view.tsx'],
        ['assets/ui-store.js', 'assets/ajv.js'],
      ),
      'assets/ajv.js': chunk('assets/ajv.js', ['/repo/node_modules/ajv/dist/ajv.js']),
      'sw.js': chunk('sw.js', ['/repo/src/sw/service-worker.ts']),
      'assets/index.css': { type: 'asset' as const, fileName: 'assets/index.css' },
    };
    expect(startUpChunks(bundle)).toEqual([
      'assets/app.js',
      'assets/database.js',
      'assets/dexie.js',
      'assets/index.js',
      'assets/runtime.js',
      'assets/ui-store.js',
    ]);
  });
});
