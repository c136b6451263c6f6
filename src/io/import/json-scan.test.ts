import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findJsonFault, lineAndColumn } from './json-scan';

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('findJsonFault', () => {
  it('agrees with JSON.parse on valid JSON and on every truncation of it', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), (text, cut) => {
        expect(findJsonFault(text)).toBeNull();
        const short = text.slice(0, cut % (text.length + 1));
        expect(findJsonFault(short) === null).toBe(parses(short));
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with JSON.parse when one character is changed', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.constantFrom(',', '}', ']', '"', ':', 'x', '\n', '{'), (text, at, ch) => {
        const i = at % (text.length + 1);
        const broken = text.slice(0, i) + ch + text.slice(i + 1);
        expect(findJsonFault(broken) === null).toBe(parses(broken));
      }),
      { numRuns: 300 },
    );
  });

  it('points at the offending character', () => {
    expect(findJsonFault('{"a": 1,}')).toMatchObject({ position: 8 });
    expect(findJsonFault('[1, 2,]')).toMatchObject({ position: 6, reason: expect.stringMatching(/trailing/) });
    expect(findJsonFault('{"a" 1}')).toMatchObject({ position: 5, reason: expect.stringMatching(/":"/) });
    expect(findJsonFault('{"a": "x\ny"}')).toMatchObject({
      position: 8,
      reason: expect.stringMatching(/control character/),
    });
    expect(findJsonFault('{"a": tru')).toMatchObject({ position: 9, reason: expect.stringMatching(/ends early/) });
    expect(findJsonFault('{} {}')).toMatchObject({ position: 3 });
  });

  it('counts lines and columns from 1', () => {
    expect(lineAndColumn('ab\ncd\nef', 7)).toEqual({ line: 3, column: 2 });
    expect(lineAndColumn('abc', 0)).toEqual({ line: 1, column: 1 });
  });
});
