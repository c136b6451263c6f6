import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Static imports (type-only ones too) form no circle in src/ (architecture.md, "Layers and what each may import"): a
// circle means a name sits in the wrong file. A lazy import() is how a module loads its heavy part on first use, and
// may point back.
const SRC = join(process.cwd(), 'src');
const STATIC = /^\s*(?:import|export)\b[^;'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  const base = normalize(join(dirname(from), spec));
  for (const ext of ['.ts', '.tsx', '/index.ts']) if (existsSync(base + ext)) return base + ext;
  return null;
}

function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') circles.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return circles;
}

/** The top-level folder of src/ a file sits in ('.' for src/ itself). */
function folderOf(file: string): string {
  const parts = relative(SRC, file).split('/');
  return parts.length > 1 ? (parts[0] ?? '.') : '.';
}

/** The files' graph seen a folder at a time: folder A imports folder B when one of A's files imports one of B's. */
function folderGraph(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    const to = folders.get(from) ?? new Set<string>();
    for (const t of targets) if (folderOf(t) !== from) to.add(folderOf(t));
    folders.set(from, to);
  }
  return new Map([...folders].map(([f, to]) => [f, [...to].sort()]));
}

describe('import circles', () => {
  const graph = new Map(
    sources(SRC).map((f) => [
      f,
      [...readFileSync(f, 'utf8').matchAll(STATIC)].flatMap((m) => resolve(f, m[1] ?? '') ?? []),
    ]),
  );

  it('src/ has none among static imports', () => {
    expect(importCircles(graph).map((c) => c.map((f) => relative(SRC, f)))).toEqual([]);
  });

  // A folder is a layer (architecture.md, "Layers and what each may import"): two folders that import each other
  // (db/ reading a step, context/ reading db/) are one layer in two places, even with no circle between files.
  it('src/ folders have none either', () => {
    expect(importCircles(folderGraph(graph))).toEqual([]);
  });

  it('finds a circle where there is one, type-only included', () => {
    expect(
      importCircles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    const typeOnly = "import type { Bar } from './layout';";
    expect([...typeOnly.matchAll(STATIC)].map((m) => m[1])).toEqual(['./layout']);
    expect([..."void import('./task-follow');".matchAll(STATIC)]).toEqual([]);
  });
});
