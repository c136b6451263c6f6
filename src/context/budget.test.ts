import { describe, expect, it } from 'vitest';
import { budgetStatus } from './budget';

describe('budgetStatus trigger points', () => {
  it.each([
    [799, 'ok'],
    [800, 'warn'],
    [949, 'warn'],
    [950, 'compact'],
    [1200, 'compact'],
  ])('%i of 1000 tokens is %s', (tokens, level) => {
    expect(budgetStatus(tokens, 1000)).toMatchObject({ tokens, limit: 1000, level, fraction: tokens / 1000 });
  });

  it('treats an unknown (zero) window as full rather than dividing by zero', () => {
    expect(budgetStatus(1, 0).level).toBe('compact');
  });
});
