import { describe, expect, it } from 'vitest';
import { createKeyVersions } from './key-version';

describe('createKeyVersions', () => {
  it('keeps the version while the key stays the same and moves it when the key changes', () => {
    const v = createKeyVersions();
    const a = v('sk-a');
    expect(v('sk-a')).toBe(a);
    const b = v('sk-b');
    expect(b).not.toBe(a);
    expect(v('sk-b')).toBe(b);
    // Back to an earlier key: still a new version, so a list fetched with another key is never reused for it.
    expect(v('sk-a')).not.toBe(b);
    expect(v('sk-a')).not.toBe(a);
  });

  it('never puts the key itself in the value', () => {
    expect(typeof createKeyVersions()('sk-secret')).toBe('number');
  });
});
