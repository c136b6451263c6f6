import { describe, expect, it } from 'vitest';
import { warningText } from './context-warning';

describe('context warning', () => {
  it('says what happens next at each level, never "close to" once the window is passed', () => {
    expect(warningText(0.85)).toContain('summarised automatically at 95 %');
    expect(warningText(0.96)).toContain('summarised before the next request');
    const over = warningText(2.27);
    expect(over).toContain('larger than');
    expect(over).toContain('context-limit error');
    expect(over).not.toContain('close to');
  });
});
