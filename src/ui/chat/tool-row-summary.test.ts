import { describe, expect, it } from 'vitest';
import { argsSummary, foldsByDefault } from './tool-row-summary';

describe('foldsByDefault', () => {
  it('folds calls that ended as asked, were denied or cancelled', () => {
    for (const s of ['ok', 'denied', 'cancelled']) expect(foldsByDefault(s, false)).toBe(true);
  });
  it('keeps running, waiting and failed calls open', () => {
    for (const s of ['streaming', 'pending', 'awaiting_approval', 'running', 'error', 'timeout', 'interrupted'])
      expect(foldsByDefault(s, false)).toBe(false);
  });
  it('keeps an ok call whose result is an error open', () => {
    expect(foldsByDefault('ok', true)).toBe(false);
  });
});

describe('argsSummary', () => {
  it('names top-level arguments with short values', () => {
    expect(argsSummary('{"city":"Paris","days":3,"metric":true,"tags":["a","b"],"opts":{"x":1}}')).toBe(
      'city: "Paris", days: 3, metric: true, tags: [2], opts: {…}',
    );
  });
  it('cuts long strings and long lines', () => {
    expect(argsSummary(JSON.stringify({ q: 'x'.repeat(100) }))).toBe(`q: "${'x'.repeat(23)}…"`);
    const long = argsSummary(JSON.stringify(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i]))));
    expect(long.length).toBe(60);
    expect(long.endsWith('…')).toBe(true);
  });
  it('shows no arguments as empty and text that is not JSON as is', () => {
    expect(argsSummary('')).toBe('');
    expect(argsSummary('{}')).toBe('');
    expect(argsSummary('not  json\n here')).toBe('not json here');
    expect(argsSummary('"a"')).toBe('"a"');
  });
});
