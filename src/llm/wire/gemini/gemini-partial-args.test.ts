import { describe, expect, it } from 'vitest';
import { GeminiArgsBuilder, parseGeminiJsonPath } from './gemini-partial-args';

describe('parseGeminiJsonPath', () => {
  it('reads dotted keys, indexes and quoted keys', () => {
    expect(parseGeminiJsonPath('$.operations[1].price')).toEqual(['operations', 1, 'price']);
    expect(parseGeminiJsonPath(`$['a b']["c.d"][0]`)).toEqual(['a b', 'c.d', 0]);
  });

  it('refuses what it cannot read', () => {
    for (const p of ['', '$', 'operations', '$..x', '$.a[', '$.a[x]', '$a'])
      expect(parseGeminiJsonPath(p), p).toBeNull();
  });
});

describe('GeminiArgsBuilder', () => {
  it('appends a string while its pieces continue, and sets it anew after one ended', () => {
    const b = new GeminiArgsBuilder();
    b.add([{ jsonPath: '$.q', stringValue: 'San ', willContinue: true }]);
    b.add([
      { jsonPath: '$.q', stringValue: 'Francisco', willContinue: true },
      { jsonPath: '$.q', stringValue: '' },
    ]);
    expect(b.args).toEqual({ q: 'San Francisco' });
    b.add([{ jsonPath: '$.q', stringValue: 'Lima' }]);
    expect(b.args).toEqual({ q: 'Lima' });
  });

  it('does not append to a string once another path came between', () => {
    const b = new GeminiArgsBuilder();
    b.add([
      { jsonPath: '$.a', stringValue: 'x', willContinue: true },
      { jsonPath: '$.b', numberValue: 1 },
      { jsonPath: '$.a', stringValue: 'y' },
    ]);
    expect(b.args).toEqual({ a: 'y', b: 1 });
  });

  it('builds nested arrays and objects with every value kind', () => {
    const b = new GeminiArgsBuilder();
    b.add([
      { jsonPath: '$.items[0].ok', boolValue: false },
      { jsonPath: '$.items[0].n', numberValue: 0 },
      { jsonPath: '$.items[1].none', nullValue: 'NULL_VALUE' },
      { jsonPath: '$.skipped' },
    ]);
    expect(b.args).toEqual({ items: [{ ok: false, n: 0 }, { none: null }] });
  });

  it('keeps a __proto__ key as data', () => {
    const b = new GeminiArgsBuilder();
    b.add([{ jsonPath: '$.__proto__.polluted', stringValue: 'yes' }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(b.args)).toBe('{"__proto__":{"polluted":"yes"}}');
  });
});
