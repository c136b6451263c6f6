import { describe, expect, it } from 'vitest';
import { genericSpanCallId, isGenericSpanCallId } from './trace-span';

describe('generic span call ids', () => {
  it('name the span and are told apart from call ids a model makes', () => {
    expect(isGenericSpanCallId(genericSpanCallId('0123456789abcdef'))).toBe(true);
    for (const id of ['call_abc', 'toolu_01', 'span-xyz', 'span-0123456789abcdef0', 'call_span-0123456789abcdef'])
      expect(isGenericSpanCallId(id), id).toBe(false);
  });
});
