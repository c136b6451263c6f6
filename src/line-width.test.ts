import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Lines fit on a screen, so line counts and diffs mean something. `npm run format` (Biome, biome.json) wraps code at
 * 120 characters but leaves long string literals, template literals and comments whole; those are split by hand
 * (string concatenation, a reflowed comment) so the value stays the same.
 * A few lines cannot be split without changing a value (a regular expression, code or markup inside a template that
 * is sent as written), hence a small allowance rather than none. Tests and recorded fixtures are exempt.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIRS = ['src', 'e2e', 'bench', 'build', 'scripts', 'conformance', 'evals-ci', 'public'];
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const EXEMPT = /\.test\.|\.spec\.|fixtures/;
/** Not in the repository: installed packages, build output, run results. */
const SKIPPED_DIRS = new Set(['node_modules', 'artifacts', 'results']);
const MAX_WIDTH = 160;
const MAX_LONG_LINES = 40;

function sourceFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return SKIPPED_DIRS.has(e.name) ? [] : sourceFiles(p);
    return SOURCE.test(e.name) ? [p] : [];
  });
}

/** `file:line (width)` for every line wider than `max` characters. */
function longLines(files: { name: string; text: string }[], max: number): string[] {
  return files.flatMap(({ name, text }) =>
    text.split('\n').flatMap((line, i) => (line.length > max ? [`${name}:${i + 1} (${line.length})`] : [])),
  );
}

describe('line width outside tests and fixtures', () => {
  const topLevel = readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => path.join(ROOT, e.name));
  const files = [...topLevel, ...DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d)))]
    .map((p) => path.relative(ROOT, p).split(path.sep).join('/'))
    .filter((name) => !EXEMPT.test(name))
    .sort();

  it('finds what it looks for (the check below would not pass vacuously)', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(files).toEqual(expect.arrayContaining(['src/main.tsx', 'vite.config.ts', 'e2e/server/mock-server.ts']));
    expect(files.some((f) => f.includes('.test.'))).toBe(false);
    expect(
      longLines(
        [
          { name: 'a.ts', text: `short\n${'x'.repeat(161)}\n${'y'.repeat(160)}` },
          { name: 'b.ts', text: 'z'.repeat(200) },
        ],
        MAX_WIDTH,
      ),
    ).toEqual(['a.ts:2 (161)', 'b.ts:1 (200)']);
  });

  it(`has at most ${MAX_LONG_LINES} lines over ${MAX_WIDTH} characters`, () => {
    const found = longLines(
      files.map((name) => ({ name, text: readFileSync(path.join(ROOT, name), 'utf8') })),
      MAX_WIDTH,
    );
    expect(
      found.length <= MAX_LONG_LINES,
      `${found.length} lines over ${MAX_WIDTH} characters (at most ${MAX_LONG_LINES}); split long strings ` +
        `('a ' + 'b') and reflow comments:\n${found.join('\n')}`,
    ).toBe(true);
  });
});
