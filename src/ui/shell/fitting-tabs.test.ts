import { describe, expect, it } from 'vitest';
import { fittingCount } from './fitting-tabs';

describe('fittingCount', () => {
  const widths = [60, 90, 60, 60, 70, 100];
  const all = 440 + 5 * 4;

  it('keeps every tab, and no More, when they fit side by side', () => {
    expect(fittingCount(widths, 4, 70, all)).toBe(6);
    expect(fittingCount(widths, 4, 70, 2000)).toBe(6);
  });

  it('keeps as many as fit beside More when they do not', () => {
    // 70 (More) + 60 + 90 + 60 + 60 + four gaps = 356; the fifth tab makes 430, the sixth 534.
    expect(fittingCount(widths, 4, 70, all - 1)).toBe(5);
    expect(fittingCount(widths, 4, 70, 429)).toBe(4);
    expect(fittingCount(widths, 4, 70, 356)).toBe(4);
    expect(fittingCount(widths, 4, 70, 355)).toBe(3);
  });

  it('keeps none when even the first tab does not fit beside More', () => {
    expect(fittingCount(widths, 4, 70, 100)).toBe(0);
    expect(fittingCount([], 4, 70, 0)).toBe(0);
  });
});
