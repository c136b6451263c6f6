import { describe, expect, it } from 'vitest';
import { toYaml } from './yaml-text';

describe('toYaml', () => {
  it('writes block objects and lists with quoted strings', () => {
    const text = toYaml({
      a: 'x: "y"\nz',
      list: [1, { b: true, c: [] }, 'q'],
      empty: {},
      gone: undefined,
      'odd key': null,
    });
    expect(text).toBe(
      [
        'a: "x: \\"y\\"\\nz"',
        'list:',
        '  - 1',
        '  - b: true',
        '    c: []',
        '  - "q"',
        'empty: {}',
        '"odd key": null',
        '',
      ].join('\n'),
    );
  });
  it('nests lists of objects inside objects', () => {
    expect(toYaml({ tests: [{ vars: { m: [{ role: 'user' }] } }] })).toBe(
      ['tests:', '  - vars:', '      m:', '        - role: "user"', ''].join('\n'),
    );
  });
});
