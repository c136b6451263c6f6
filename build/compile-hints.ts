import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (docs/speed-and-tests.md, "Start-up"): a file whose first line is this comment has every
 * function compiled eagerly, on a background thread while it streams in, instead of lazily on the main thread the
 * first time each one is called. Start-up calls most of what its chunks hold, and those first-call compiles were
 * much of the main thread's long tasks after the first paint. Chromium 136+ reads it; other engines ignore a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * The modules start-up loads (main.tsx and what it imports step by step; the built-in tools startApp seeds). Each
 * one's chunk, and every chunk those import statically, gets the hint; screens that load on first open do not (most
 * of their code runs only when used). The first-load spec checks that every script the first load runs has it.
 */
const START_MODULES: readonly RegExp[] = [
  /\/src\/main\.tsx$/,
  /\/node_modules\/dexie\//,
  /\/src\/db\/database\.ts$/,
  /\/src\/store\/app-controller\.ts$/,
  /\/src\/ui\/app\.tsx$/,
  /\/src\/mount-app\.tsx$/,
  /\/src\/db\/seed-builtins\.ts$/,
  /\/src\/tools\/builtin-specs\.ts$/,
];

/** The part of a built chunk the choice reads (Rollup's and Rolldown's OutputChunk both have it). */
export type HintableChunk = {
  type: 'chunk';
  fileName: string;
  moduleIds: readonly string[];
  imports: readonly string[];
};
type BundleFile = HintableChunk | { type: 'asset'; fileName: string };

/** The start-up chunks of a bundle: those holding a start-up module, and what they import statically. */
export function startUpChunks(bundle: Readonly<Record<string, BundleFile>>): string[] {
  const chunks = new Map<string, HintableChunk>();
  for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
  const found = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || found.has(fileName)) return;
    found.add(fileName);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const chunk of chunks.values()) {
    const normalized = chunk.moduleIds.map((id) => id.replace(/\\/g, '/'));
    if (normalized.some((id) => START_MODULES.some((m) => m.test(id)))) visit(chunk.fileName);
  }
  return [...found].sort();
}

export function compileHintsPlugin(): Plugin {
  return {
    name: 'toolscope-compile-hints',
    apply: 'build',
    // 'post': after Vite's own code goes at the top of a chunk (its list of a dynamic import's dependencies), so the
    // hint stays the first line; listed before the service worker's plugin, which hashes the files for its version.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const fileName of startUpChunks(bundle)) {
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk' && !chunk.code.startsWith(COMPILE_HINT)) chunk.code = COMPILE_HINT + chunk.code;
        }
      },
    },
  };
}
