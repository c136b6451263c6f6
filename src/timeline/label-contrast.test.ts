import { describe, expect, it } from 'vitest';
import { contrastRatio, INK_DARK, INK_LIGHT, labelInk } from './label-contrast';

describe('contrastRatio', () => {
  it('is the WCAG ratio: 21:1 black on white, 1:1 a colour on itself, the same either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#7d838c', '#7d838c')).toBe(1);
    expect(contrastRatio('#1f77d0', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#1f77d0'), 10);
    // A known pair: #767676 on white is the classic 4.54:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('reads #rgb, #rrggbb and the rgb()/rgba() a browser computes alike', () => {
    expect(contrastRatio('#fff', 'rgb(0, 0, 0)')).toBeCloseTo(21, 5);
    expect(contrastRatio('rgba(31, 119, 208, 1)', '#ffffff')).toBeCloseTo(contrastRatio('#1f77d0', '#fff'), 10);
    expect(contrastRatio('rgb(27 30 35)', '#1B1E23')).toBe(1);
    expect(() => contrastRatio('red', '#fff')).toThrow(/not a colour/);
  });
});

describe('labelInk', () => {
  it('takes dark ink on light fills and light ink on dark ones, whichever holds more', () => {
    expect(labelInk('#e9c46a')).toEqual({ ink: INK_DARK, ratio: contrastRatio(INK_DARK, '#e9c46a') });
    expect(labelInk('#1e7a4c')).toEqual({ ink: INK_LIGHT, ratio: contrastRatio(INK_LIGHT, '#1e7a4c') });
    for (const fill of ['#000000', '#ffffff', '#808080', '#d0393e', '#9db7d9']) {
      const { ratio } = labelInk(fill);
      expect(ratio, fill).toBe(Math.max(contrastRatio(INK_DARK, fill), contrastRatio(INK_LIGHT, fill)));
    }
  });
});
