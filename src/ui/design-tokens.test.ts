/**
 * One stylesheet of design tokens (tokens.css, architecture.md "Visual system") that every view draws with: the
 * views' stylesheets size text, round corners and space things by the scales' names, and define no colours of
 * their own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const UI = fileURLToPath(new URL('.', import.meta.url));

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cssFiles(join(dir, e.name)) : e.name.endsWith('.css') ? [join(dir, e.name)] : [],
  );
}

const views = cssFiles(UI).filter((f) => !f.endsWith('tokens.css'));
/** Timeline labels are SVG text whose widths the layout measures at these sizes (timeline/drawn-extent.ts). */
const SVG_TEXT = /^\.tl-(axis-caption|tick-label|row-label|text-in|text-out|small)\b/;

describe('design tokens', () => {
  it('tokens.css defines the scales and both schemes', () => {
    const tokens = readFileSync(join(UI, 'tokens.css'), 'utf8');
    for (const name of [
      '--space-0',
      '--space-6',
      '--text-xs',
      '--text-xl',
      '--radius-sm',
      '--radius-lg',
      '--focus-width',
      '--focus-offset',
      '--focus',
      '--bg',
      '--fg',
    ]) {
      expect(tokens, name).toContain(`${name}:`);
    }
    expect(tokens).toContain('@media (prefers-color-scheme: dark)');
    expect(readFileSync(join(UI, 'styles.css'), 'utf8').startsWith("@import './tokens.css';")).toBe(true);
  });

  it('views round corners and size text by the scales, and define no colours', () => {
    const found: string[] = [];
    for (const file of views) {
      const name = file.slice(UI.length);
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        for (const m of line.matchAll(/border-radius:\s*([^;}]+)/g)) {
          if (!/^(var\(--radius-[\w-]+\)|0|50%)( (var\(--radius-[\w-]+\)|0))*$/.test(m[1]!.trim()))
            found.push(`${name}: ${m[0]}`);
        }
        for (const m of line.matchAll(/font-size:\s*([^;}]+)/g)) {
          const v = m[1]!.trim();
          const ok =
            /^var\(--text-\w+\)$/.test(v) ||
            (/em$/.test(v) && !/rem$/.test(v)) ||
            v === 'inherit' ||
            SVG_TEXT.test(line.trim()) ||
            line.startsWith(':root');
          if (!ok) found.push(`${name}: ${m[0]}`);
        }
        if (/--[\w-]+:\s*#[0-9a-f]{3,8}/i.test(line)) found.push(`${name}: defines a colour: ${line.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });
});
