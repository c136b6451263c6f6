import { describe, expect, it } from 'vitest';
import { lastViewHeight, rememberViewHeight } from './view-heights';

describe('view heights', () => {
  it('gives back the last height a View had, and nothing for a View never seen', () => {
    rememberViewHeight('call_a', 240);
    rememberViewHeight('call_a', 310);
    expect(lastViewHeight('call_a')).toBe(310);
    expect(lastViewHeight('call_never')).toBeUndefined();
  });

  it('forgets the least recently sized View past its bound', () => {
    rememberViewHeight('call_first', 100);
    for (let i = 0; i < 1_000; i++) rememberViewHeight(`call_${i}`, i);
    expect(lastViewHeight('call_first')).toBeUndefined();
    expect(lastViewHeight('call_999')).toBe(999);
  });
});
