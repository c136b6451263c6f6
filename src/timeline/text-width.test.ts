import { describe, expect, it } from 'vitest';
import { fitText, textPx } from './text-width';

describe('textPx', () => {
  it('sums per-character advances at the font size, rounded up with a pixel to spare', () => {
    expect(textPx('', 11)).toBe(1);
    // DejaVu Sans: "m" is 0.97 em, "i" 0.28 em, space 0.32 em.
    expect(textPx('m', 100)).toBe(98);
    expect(textPx('i i', 100)).toBe(28 + 32 + 28 + 1);
    expect(textPx('search_web', 100)).toBe(591 + 1);
    expect(textPx('search_web', 11)).toBe(Math.ceil(5.91 * 11) + 1);
  });

  it('gives a wide character far more room than a narrow one, so long names of wide letters are not cut', () => {
    expect(textPx('m'.repeat(40), 11)).toBeGreaterThan(40 * 10.6);
    expect(textPx('l'.repeat(40), 11)).toBeLessThan(40 * 3.2);
  });

  it('counts icons and CJK as an em and emoji (astral characters) a little over, once per character', () => {
    expect(textPx('✓', 10)).toBe(11);
    expect(textPx('a · b', 100)).toBe(61 + 32 + 32 + 32 + 63 + 1);
    expect(textPx('中文', 10)).toBe(21);
    expect(textPx('😀', 10)).toBe(14);
  });

  it('cuts a name with an ellipsis to the room it has, and leaves a name that fits whole', () => {
    const name = 'fetch_customer_invoice_history_for_account_v2';
    expect(fitText(name, 1000, 11)).toBe(name);
    const cut = fitText(name, 100, 11);
    expect(cut.endsWith('…')).toBe(true);
    expect(name.startsWith(cut.slice(0, -1))).toBe(true);
    expect(textPx(cut, 11)).toBeLessThanOrEqual(100);
    // One more character would not fit.
    expect(textPx(`${name.slice(0, cut.length)}…`, 11)).toBeGreaterThan(100);
    expect(fitText(name, 5, 11)).toBe('…');
  });
});
