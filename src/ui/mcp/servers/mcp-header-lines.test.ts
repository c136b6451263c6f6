import { describe, expect, it } from 'vitest';
import { parseHeaderLines } from './mcp-header-lines';

describe('parseHeaderLines', () => {
  it('reads name: value lines, keeping colons in values', () => {
    expect(parseHeaderLines('Authorization: Bearer a:b\n\n X-Key : v ')).toEqual({
      ok: true,
      headers: { Authorization: 'Bearer a:b', 'X-Key': 'v' },
    });
  });
  it('names the bad line without echoing its value', () => {
    const r = parseHeaderLines('X: 1\nsecret-token-without-name');
    expect(r).toMatchObject({ ok: false });
    expect(r.ok ? '' : r.message).toContain('line 2');
    expect(r.ok ? '' : r.message).not.toContain('secret-token');
  });
});
