/**
 * WCAG 2.2 contrast, the one home of the formula (ui/colour-contrast.test.ts and the timeline e2e use it too), and
 * the ink a label drawn on a bar takes: dark or light, whichever holds more against the fill under it
 * (screens.md, "Timeline layout").
 */

/** Dark ink for labels on light fills (the light scheme's text colour) and light ink for dark fills. */
export const INK_DARK = '#1b1e23';
export const INK_LIGHT = '#ffffff';

/** The least contrast of text on what is under it (WCAG 1.4.3, AA for text under 18 pt). */
export const MIN_TEXT_CONTRAST = 4.5;

/** [r, g, b] of `#rgb`, `#rrggbb`, `rgb(r, g, b)` or `rgba(r, g, b, a)` (alpha ignored: callers pass opaque paint). */
function channels(colour: string): [number, number, number] {
  const c = colour.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(c)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((h) => h + h).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(c);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`not a colour this knows: ${colour}`);
}

function luminance(colour: string): number {
  const [r, g, b] = channels(colour).map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const inks = new Map<string, { ink: string; ratio: number }>();

/** The ink for text on `fill` and the contrast it holds there (the fills are a handful of constants: kept once found). */
export function labelInk(fill: string): { ink: string; ratio: number } {
  const known = inks.get(fill);
  if (known) return known;
  const dark = contrastRatio(INK_DARK, fill);
  const light = contrastRatio(INK_LIGHT, fill);
  const found = dark >= light ? { ink: INK_DARK, ratio: dark } : { ink: INK_LIGHT, ratio: light };
  inks.set(fill, found);
  return found;
}
