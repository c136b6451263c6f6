import { describe, expect, it } from 'vitest';
import { parseArgs } from './parse-args';

describe('parseArgs', () => {
  it('treats blank text as an empty object and reports bad JSON at the root', () => {
    expect(parseArgs('  ')).toEqual({ ok: true, value: {} });
    expect(parseArgs(' {"a":1} ')).toEqual({ ok: true, value: { a: 1 } });
    const bad = parseArgs('{"a":');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues).toEqual([{ path: '/', message: expect.stringMatching(/^not valid JSON: /) }]);
  });
});
