import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The design docs (docs/architecture.md, the map, and the topic files it links) stay true to the tree: every path
// they name exists, and every section the code cites ("architecture.md, \"Section\"") is a heading or a bold lead
// in one of them.
const repo = fileURLToPath(new URL('..', import.meta.url));
const docsDir = join(repo, 'docs');
const docs = readdirSync(docsDir)
  .filter((f) => f.endsWith('.md'))
  .map((f) => ({ name: f, text: readFileSync(join(docsDir, f), 'utf8') }));

/**
 * A backticked token that names a file or folder: a known extension, or a folder of two or more segments with a
 * trailing slash. One bare segment (`shares/`, `vendor/`, `__fixtures__/`) names a folder in its context (a bucket's,
 * a model id's, "beside the code"), not a place in this tree.
 */
function namedPaths(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/`([^`\s]+)`/g)) {
    const token = m[1]!.replace(/[,.;:]+$/, '');
    if (/[<>*{}$?|]/.test(token) || token.startsWith('http') || token.startsWith('@') || token.includes('://'))
      continue;
    const isFile =
      /^[\w./-]+\.(ts|tsx|mjs|js|json|css|md|html|txt|jsonl|webmanifest)$/.test(token) && token.includes('/');
    const isFolder = /^[\w.-]+\/[\w./-]+\/$/.test(token);
    if (isFile || isFolder) out.add(token);
  }
  return [...out];
}

/** Where a named path may live: the repository root, `src/`, or beside a doc (docs name most paths from `src/`). */
const exists = (path: string) => [repo, join(repo, 'src'), docsDir].some((base) => existsSync(join(base, path)));

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (
      e.name === 'node_modules' ||
      e.name.startsWith('.') ||
      e.name.startsWith('dist') ||
      e.name.startsWith('test-results')
    )
      continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mjs)$/.test(e.name)) out.push(p);
  }
  return out;
}

describe('the design docs', () => {
  it('name only paths that exist', () => {
    const missing = docs.flatMap((d) =>
      namedPaths(d.text)
        .filter((p) => !exists(p))
        .map((p) => `${d.name}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('hold every section the code cites, as a heading or a bold lead', () => {
    const all = docs.map((d) => d.text).join('\n');
    const headings = new Set([...all.matchAll(/^#{1,4} (.+)$/gm)].map((m) => m[1]!.trim()));
    const leads = new Set([...all.matchAll(/\*\*([^*]+?)\*\*/g)].map((m) => m[1]!.replace(/[.:]$/, '').trim()));
    const cited = new Set<string>();
    for (const dir of ['src', 'e2e', 'bench', 'build', 'scripts', 'evals-ci', 'conformance']) {
      if (!existsSync(join(repo, dir))) continue;
      for (const file of walk(join(repo, dir))) {
        // A citation may break across comment lines: the line break and the comment marker read as one space.
        const text = readFileSync(file, 'utf8').replace(/\s*\n\s*(?:\*|\/\/)?\s*/g, ' ');
        for (const m of text.matchAll(/architecture\.md(?:, |'s )"([^"]+)"/g)) cited.add(m[1]!);
      }
    }
    const unknown = [...cited].filter((s) => !headings.has(s) && !leads.has(s) && !/^invariant \d+$/i.test(s)).sort();
    expect(unknown).toEqual([]);
  });

  it('keep architecture.md a map: under 200 lines, linking each topic file', () => {
    const map = docs.find((d) => d.name === 'architecture.md')!.text;
    expect(map.split('\n').length).toBeLessThan(200);
    for (const d of docs) if (d.name !== 'architecture.md') expect(map, d.name).toContain(`(${d.name})`);
  });
});
