import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('says one noun for 1 and the plural otherwise, its own plural where given', () => {
    expect(plural(1, 'session')).toBe('1 session');
    expect(plural(0, 'session')).toBe('0 sessions');
    expect(plural(3, 'reply', 'replies')).toBe('3 replies');
  });
});
