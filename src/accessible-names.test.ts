import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The accessible-names contract (docs/accessible-names.md) names what tests outside the repo find controls by. A
 * rename in the UI that forgets the contract breaks them silently; this test makes it loud: every fixed name the
 * contract quotes (names with a `<placeholder>` or an ellipsis are patterns, not literals) must still be written
 * somewhere in the UI's source.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));
const CONTRACT = path.join(SRC, '..', 'docs', 'accessible-names.md');

function uiSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return uiSources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

export function quotedNames(markdown: string): string[] {
  // A list item wraps onto indented lines; a name may wrap with it.
  const prose = markdown.replace(/\n[ \t]+/g, ' ').replace(/`[^`\n]*`/g, '');
  const names = [...prose.matchAll(/"([^"\n]+)"/g)].map((m) => m[1] ?? '');
  return [...new Set(names)].filter((n) => !/[<…]/.test(n));
}

describe('the accessible-names contract', () => {
  const contract = readFileSync(CONTRACT, 'utf8');
  // The Base URL presets' labels are UI text kept beside their URLs, in llm/.
  const source = [...uiSources(path.join(SRC, 'ui')), path.join(SRC, 'llm', 'known-providers.ts')]
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n')
    // JSX text wraps onto the next line where the formatter breaks it, and renders as one space.
    .replace(/\s+/g, ' ');

  it('quotes names to check', () => {
    expect(quotedNames(contract).length).toBeGreaterThan(80);
    expect(quotedNames('"Tasks", "Task of <tool>: x", "Always allow when…", `a[b="c"]` and "Tasks"')).toEqual([
      'Tasks',
    ]);
  });

  it.each(quotedNames(contract))('"%s" is still in the UI', (name) => {
    expect(source.includes(name)).toBe(true);
  });
});
