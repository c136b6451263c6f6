import { describe, expect, it } from 'vitest';
import { tickLabelPlace } from './ticks';
import { textPx } from './text-width';

describe('tick labels', () => {
  it('go after their line, or before it when they would pass the right edge', () => {
    const w = textPx('5 s', 11);
    expect(tickLabelPlace(100, '5 s', 100 + 3 + w, 11)).toEqual({ x: 103, anchor: 'start' });
    expect(tickLabelPlace(100, '5 s', 100 + 2 + w, 11)).toEqual({ x: 97, anchor: 'end' });
  });
});
