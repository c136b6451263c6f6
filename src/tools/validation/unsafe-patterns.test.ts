import { describe, expect, it } from 'vitest';
import { describeUnsafePattern, findUnsafePatterns, patternRisk } from './unsafe-patterns';

describe('patternRisk', () => {
  it.each([
    ['^(a+)+$', 'nested_repetition'],
    ['(a*)*', 'nested_repetition'],
    ['^(\\w+\\s?)*$', 'nested_repetition'],
    ['([a-z]+[0-9]*)+', 'nested_repetition'],
    ['(x+x+)+y', 'nested_repetition'],
    ['^(\\d+\\.\\d+)*$', 'nested_repetition'],
    ['(.*,)+x', 'nested_repetition'],
    ['((ab)*)+$', 'nested_repetition'],
    ['^([a-z]{1,10})+$', 'nested_repetition'],
    ['^(https?://)?([\\da-z.-]+)\\.([a-z.]{2,6})([/\\w .-]*)*/?$', 'nested_repetition'],
    ['(?<word>\\w+\\s?)+$', 'nested_repetition'],
    ['(a|a)*$', 'overlapping_alternatives'],
    ['^(a|aa)+$', 'overlapping_alternatives'],
    ['^(\\w|\\d)+$', 'overlapping_alternatives'],
  ])('flags %s', (pattern, reason) => {
    expect(patternRisk(pattern)).toBe(reason);
  });

  it.each([
    '^[a-z0-9]+(?:-[a-z0-9]+)*$',
    '^\\d+(\\.\\d+)*$',
    '^(\\d+\\.)*\\d+$',
    '^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$',
    '^(\\d{1,3}\\.){3}\\d{1,3}$',
    '^[A-Z]{3}-\\d{4}$',
    '^\\p{L}+$',
    '(ab)+',
    '^(?:[a-z]|\\d)+$',
    '^(\\w+\\s)*\\w+$',
    '^([A-Z][a-z]+ ?)+$',
    '(?<year>\\d{4})-(?<month>\\d{2})',
    '(?<=\\$)\\d+',
    'a{1,30}',
    '^\\s*.*\\s*$',
    // Does not parse: Ajv reports it, this does not.
    '(',
  ])('passes %s', (pattern) => {
    expect(patternRisk(pattern)).toBeNull();
  });
});

describe('findUnsafePatterns', () => {
  it('finds patterns anywhere a schema can hold one, and only there', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', pattern: '^(a+)+$' },
        // A property called "pattern" is a schema, not a pattern.
        pattern: { type: 'string', pattern: '^[a-z]+$' },
        tags: { type: 'array', items: { anyOf: [{ type: 'string', pattern: '(a|a)*' }, { type: 'number' }] } },
        mode: {
          enum: [{ pattern: '(a+)+' }],
          default: { pattern: '(a+)+' },
          const: { pattern: '(a+)+' },
          examples: [{ pattern: '(a+)+' }],
        },
      },
      patternProperties: { '^(x+)+$': { type: 'string' }, '^ok/[a-z]+$': { pattern: '(b*)*' } },
      $defs: { slug: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' } },
    };
    expect(findUnsafePatterns(schema)).toEqual([
      { path: '/properties/name/pattern', pattern: '^(a+)+$', reason: 'nested_repetition' },
      { path: '/properties/tags/items/anyOf/0/pattern', pattern: '(a|a)*', reason: 'overlapping_alternatives' },
      { path: '/patternProperties/^(x+)+$', pattern: '^(x+)+$', reason: 'nested_repetition' },
      { path: '/patternProperties/^ok~1[a-z]+$/pattern', pattern: '(b*)*', reason: 'nested_repetition' },
    ]);
  });

  it('says what is wrong and how to fix it', () => {
    const [found] = findUnsafePatterns({ type: 'object', properties: { q: { type: 'string', pattern: '^(a+)+$' } } });
    expect(found && describeUnsafePattern(found)).toMatch(
      /^\/properties\/q\/pattern: the pattern "\^\(a\+\)\+\$" can take exponential time on some inputs: it repeats a part that itself repeats .*Rewrite it/,
    );
  });
});
