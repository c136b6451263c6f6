/**
 * Contrast computed from the shipped colours (WCAG 2.2 relative luminance, timeline/label-contrast.ts): labels on
 * timeline bars at 4.5:1 or more, the edges of text boxes and selects at 3:1 or more against every background they
 * sit on, light and dark.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio as contrast, INK_DARK, INK_LIGHT, labelInk } from '../timeline/label-contrast';
import { SEGMENT_COLORS, STATUS_STYLES } from '../timeline/outcome-style';

/** The custom properties of one `:root { … }` block of the design tokens, light (first) or dark (in the media query). */
function schemeVars(scheme: 'light' | 'dark'): Record<string, string> {
  const css = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');
  const dark = css.indexOf('@media (prefers-color-scheme: dark)');
  const block = scheme === 'light' ? css.slice(0, dark) : css.slice(dark, css.indexOf('}\n}', dark));
  const vars: Record<string, string> = {};
  for (const m of block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)) vars[m[1] ?? ''] = m[2] ?? '';
  return vars;
}

describe('colour contrast', () => {
  it('computes the WCAG ratio (black on white is 21:1, a colour on itself 1:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#7d838c', '#7d838c')).toBe(1);
  });

  it('labels on bars: dark or light ink, whichever holds more, reaches 4.5:1 on every fill a label can sit on', () => {
    const phases = [SEGMENT_COLORS.queued, SEGMENT_COLORS.waiting, SEGMENT_COLORS.streaming, SEGMENT_COLORS.approval];
    for (const fill of [...Object.values(STATUS_STYLES).map((s) => s.color), ...phases]) {
      const { ink, ratio } = labelInk(fill);
      expect(ratio, fill).toBeGreaterThanOrEqual(4.5);
      expect(ratio, fill).toBeCloseTo(Math.max(contrast(INK_DARK, fill), contrast(INK_LIGHT, fill)), 10);
      expect([INK_DARK, INK_LIGHT]).toContain(ink);
    }
    // The light phases take dark ink: white on them is far under 4.5:1.
    expect(labelInk(SEGMENT_COLORS.queued).ink).toBe(INK_DARK);
    expect(contrast(INK_LIGHT, SEGMENT_COLORS.queued)).toBeLessThan(4.5);
  });

  it('the timeline stylesheet draws labels on bars with no outline (their ink is set per fill)', () => {
    const css = readFileSync(new URL('./timeline/timeline.css', import.meta.url), 'utf8');
    const rule = /\.tl-text-in \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toContain('font-size: 11px');
    expect(rule).not.toMatch(/stroke|paint-order|fill:/);
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`form field edges: 3:1 against every background (${scheme})`, () => {
      const v = schemeVars(scheme);
      const edge = v['field-border'];
      expect(edge, 'the --field-border variable').toBeDefined();
      for (const bg of ['bg', 'bg-soft', 'bg-raised'] as const) {
        expect(contrast(edge ?? '', v[bg] ?? ''), `${scheme} --field-border on --${bg}`).toBeGreaterThanOrEqual(3);
      }
      // Body text too (it held before; kept that way).
      expect(contrast(v.fg ?? '', v.bg ?? '')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(v['fg-muted'] ?? '', v['bg-soft'] ?? '')).toBeGreaterThanOrEqual(4.5);
    });
  }

  for (const scheme of ['light', 'dark'] as const) {
    it(`tool outcomes (icon and word) hold 4.5:1 on the card and the summary row (${scheme})`, () => {
      const v = schemeVars(scheme);
      for (const fg of ['ok', 'danger', 'fg-muted', 'fg'] as const) {
        expect(contrast(v[fg] ?? '', v['bg-soft'] ?? ''), `${scheme} --${fg} on --bg-soft`).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  for (const scheme of ['light', 'dark'] as const) {
    it(`quiet buttons (a message's actions, "More actions") and the quiet line hold 4.5:1, at rest and hovered (${scheme})`, () => {
      const v = schemeVars(scheme);
      for (const bg of ['bg', 'bg-hover'] as const) {
        expect(contrast(v['fg-muted'] ?? '', v[bg] ?? ''), `${scheme} --fg-muted on --${bg}`).toBeGreaterThanOrEqual(
          4.5,
        );
        expect(contrast(v.fg ?? '', v[bg] ?? ''), `${scheme} --fg on --${bg}`).toBeGreaterThanOrEqual(4.5);
      }
      // The primary button's label on its fill.
      expect(
        contrast(v['accent-fg'] ?? '', v.accent ?? ''),
        `${scheme} --accent-fg on --accent`,
      ).toBeGreaterThanOrEqual(4.5);
      // The focus ring against the page: 3:1.
      expect(contrast(v.focus ?? '', v.bg ?? ''), `${scheme} --focus on --bg`).toBeGreaterThanOrEqual(3);
    });
  }

  it('every finished outcome has an icon left out of the accessible name, drawn in a tested colour', () => {
    const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');
    for (const outcome of ['ok', 'error', 'timeout', 'cancelled', 'denied', 'interrupted']) {
      expect(css, outcome).toMatch(new RegExp(`\\.tool-card \\.status-${outcome}::before \\{ content: '.' / ''; \\}`));
    }
    for (const [tone, colour] of [
      ['ok', 'ok'],
      ['error', 'danger'],
      ['denied', 'fg-muted'],
    ]) {
      expect(css, `summary ${tone}`).toContain(`.tool-turn-toggle .status-${tone}::before { content: `);
      expect(css, `summary ${tone}`).toMatch(
        new RegExp(`\\.tool-turn-toggle \\.status-${tone}::before \\{ content: '.' / ''; color: var\\(--${colour}\\);`),
      );
    }
    expect(css).toMatch(/\.tool-card \.status-ok \{ color: var\(--ok\); \}/);
    expect(css).toMatch(/\.tool-card \.status-denied, \.tool-card \.status-cancelled \{ color: var\(--fg-muted\); \}/);
    expect(css).toMatch(
      /\.status-failed, \.status-interrupted, \.status-error, \.status-timeout \{ color: var\(--danger\); \}/,
    );
  });

  it('text boxes and selects are drawn with --field-border', () => {
    const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');
    const rule = /^input, textarea, select \{([^}]*)\}/m.exec(css)?.[1] ?? '';
    expect(rule).toContain('border: 1px solid var(--field-border)');
  });
});
