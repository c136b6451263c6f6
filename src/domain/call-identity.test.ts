import { describe, expect, it } from 'vitest';
import { callIdentity, canonicalArgumentsText, occurrences } from './call-identity';

describe('call identity', () => {
  it('compares arguments as canonical JSON: key order and whitespace do not matter, values do', () => {
    expect(canonicalArgumentsText('{ "b": 2, "a": {"y": [1, {"d":1,"c":2}], "x": null} }')).toBe(
      '{"a":{"x":null,"y":[1,{"c":2,"d":1}]},"b":2}',
    );
    expect(callIdentity('f', '{"a":1,"b":2}')).toBe(callIdentity('f', '{ "b": 2,\n "a": 1 }'));
    expect(callIdentity('f', '{"a":1}')).not.toBe(callIdentity('f', '{"a":"1"}'));
    expect(callIdentity('f', '{"a":1}')).not.toBe(callIdentity('g', '{"a":1}'));
  });
  it('treats empty arguments as an empty object and keeps text that is not JSON as sent', () => {
    expect(canonicalArgumentsText('')).toBe('{}');
    expect(callIdentity('f', '  ')).toBe(callIdentity('f', '{}'));
    expect(canonicalArgumentsText('{oops')).toBe('{oops');
  });
  it('numbers occurrences in order, across batches through the shared counts', () => {
    const seen = new Map<string, number>();
    expect(
      occurrences(
        [
          { name: 'f', arguments: '{"a":1}' },
          { name: 'f', arguments: '{ "a": 1 }' },
          { name: 'g', arguments: '{}' },
        ],
        seen,
      ),
    ).toEqual([1, 2, 1]);
    expect(occurrences([{ name: 'f', arguments: '{"a":1}' }], seen)).toEqual([3]);
  });
});
