import { describe, expect, it } from 'vitest';
import { safeSourceUrl } from './safe-source-url';

describe('safeSourceUrl', () => {
  it('keeps http(s) addresses', () => {
    expect(safeSourceUrl('https://example.com/a?b=1#c')).toBe('https://example.com/a?b=1#c');
    expect(safeSourceUrl(' http://example.com ')).toBe('http://example.com/');
  });

  it('refuses every other scheme, credentials and what is not an address', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      'file:///etc/passwd',
      '/relative',
      '',
      'https://user:pw@example.com/',
      'not a url',
    ]) {
      expect(safeSourceUrl(bad), bad).toBeNull();
    }
  });
});
