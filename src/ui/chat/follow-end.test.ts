import { describe, expect, it } from 'vitest';
import { followsEnd, NEAR_END_PX } from './follow-end';

// A list 500 px tall over 2,000 px of content: its end is at top 1,500.
const at = (top: number, height = 2000) => ({ top, height, client: 500 });

describe('following the end of the chat after a scroll', () => {
  it('follows at the end, whatever it did before', () => {
    expect(followsEnd(false, at(1200), at(1500))).toBe(true);
    expect(followsEnd(false, at(1500, 1900), at(1500))).toBe(true);
  });

  it('stops when the reader moves up, even by less than the room kept near the end', () => {
    // 103 px up: how far WebKit's WebDriver scrolled to bring a row above the view into it before clicking.
    expect(followsEnd(true, at(1500), at(1397))).toBe(false);
    expect(followsEnd(true, at(1500), at(1480))).toBe(false);
  });

  it('keeps following when a move up comes with the content changing (a row above measured smaller)', () => {
    expect(followsEnd(true, at(1500), at(1440, 1990))).toBe(true);
  });

  it('keeps following while output that has not been pinned yet is within the room near the end', () => {
    expect(followsEnd(true, at(1500), at(1500, 2000 + NEAR_END_PX - 1))).toBe(true);
    expect(followsEnd(true, at(1500), at(1500, 2000 + NEAR_END_PX + 1))).toBe(false);
  });

  it('once stopped, stays stopped when the content changes under it, and follows again when the reader goes down near the end', () => {
    expect(followsEnd(false, at(1397), at(1397, 2050))).toBe(false);
    expect(followsEnd(false, at(1000), at(1420))).toBe(true);
    expect(followsEnd(false, at(1000), at(1300))).toBe(false);
  });

  it('takes sub-pixel moves for none', () => {
    expect(followsEnd(true, at(1450), at(1449.5))).toBe(true);
  });
});
