/**
 * Which unit-test files may share a worker's module registry. Re-importing every module for each of ~240 files is
 * most of the unit run's time; files that touch no global state can share one registry. A file stays isolated when
 * it lives where shared state lives (db, store, ui, sync: IndexedDB databases with fixed names, zustand stores) or
 * when its text shows it patches globals, mocks modules, or opens IndexedDB (see docs/architecture.md, "Tests").
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOTS = ['src', 'e2e/server', 'e2e/mcp-servers', 'bench', 'build', 'conformance'];
const SHARED_STATE_DIRS = /^src\/(db|store|ui|sync)\//;
const TOUCHES_GLOBALS =
  /fake-indexeddb|indexedDB|IDBFactory|vi\.mock|vi\.stubGlobal|vi\.stubEnv|vi\.useFakeTimers|@vitest-environment|globalThis\.[\w$]+\s*=|process\.env\.[\w$]+\s*=|\bdb\/|\/store\/|zustand|Dexie/;

function testFiles(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) continue;
    if (statSync(path).isDirectory()) out = out.concat(testFiles(path));
    else if (/\.test\.tsx?$/.test(name)) out.push(path.split('\\').join('/'));
  }
  return out;
}

export function unitTestGroups(root = '.'): { shared: string[]; isolated: string[] } {
  const files = ROOTS.flatMap((r) => testFiles(join(root, r)).map((f) => f.replace(/^\.\//, '')));
  const shared: string[] = [];
  const isolated: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    (SHARED_STATE_DIRS.test(file) || TOUCHES_GLOBALS.test(text) ? isolated : shared).push(file);
  }
  return { shared, isolated };
}
