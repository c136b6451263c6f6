import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// What several screens use lives in ui/shared/ (architecture.md, "Layers"), so no screen folder reaches back up
// into ui/ itself or into a folder above its own for a widget: the UI's imports go down and across, never up.
const ui = fileURLToPath(new URL('.', import.meta.url));

function sources(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

describe('the UI import graph', () => {
  it('has no import from a folder under ui/ up to a file of a folder above it', () => {
    const upward: string[] = [];
    for (const file of sources(ui)) {
      const from = dirname(file);
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
        const target = normalize(join(from, m[1]!));
        const targetDir = dirname(target);
        if (!targetDir.startsWith(ui.replace(/\/$/, ''))) continue;
        if (from !== targetDir && from.startsWith(`${targetDir}/`))
          upward.push(`${relative(ui, file)} -> ${relative(ui, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
