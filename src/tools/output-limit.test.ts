import { describe, expect, it } from 'vitest';
import { cutOutput, utf8Length } from './output-limit';

describe('cutOutput', () => {
  it('leaves text within the limit alone', () => {
    expect(cutOutput('hello', 5)).toBe('hello');
  });

  it('cuts at the byte limit and says how many bytes were dropped', () => {
    const out = cutOutput('a'.repeat(100), 10);
    expect(out).toBe(`${'a'.repeat(10)}\n…[output truncated: 90 bytes omitted]`);
  });

  it('never splits a multi-byte character', () => {
    // "é" is 2 bytes; a 5-byte cut would land inside the third one.
    const out = cutOutput('ééééé', 5);
    expect(out.startsWith('éé\n…')).toBe(true);
    expect(out).toContain('6 bytes omitted');
  });

  it('measures bytes, not UTF-16 units', () => {
    const emoji = '😀'.repeat(20); // 4 bytes each
    expect(utf8Length(emoji)).toBe(80);
    expect(cutOutput(emoji, 80)).toBe(emoji);
    expect(cutOutput(emoji, 79)).toContain('4 bytes omitted');
  });
});
