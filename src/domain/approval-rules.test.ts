import { describe, expect, it } from 'vitest';
import { describeRule, ruleArguments, ruleMatches, ruleProblem, type ArgRule } from './approval-rules';

const schema = {
  type: 'object',
  properties: { url: { type: 'string' }, depth: { type: 'integer' }, mode: { type: ['string', 'null'] } },
};
const starts = (argument: string, value: string): ArgRule => ({ argument, test: 'starts-with', value });

describe('argument rules', () => {
  it('matches a top-level text argument by its start or whole value', () => {
    expect(ruleMatches(starts('url', 'https://example.com/'), '{"url":"https://example.com/x"}')).toBe(true);
    expect(ruleMatches(starts('url', 'https://example.com/'), '{"url":"http://example.com/x"}')).toBe(false);
    expect(ruleMatches(starts('url', 'https://example.com/'), '{}')).toBe(false);
    expect(ruleMatches({ argument: 'depth', test: 'equals', value: '2' }, '{"depth":2}')).toBe(true);
    expect(ruleMatches({ argument: 'depth', test: 'equals', value: '2' }, '{"depth":3}')).toBe(false);
    expect(ruleMatches({ argument: 'depth', test: 'equals', value: '[object Object]' }, '{"depth":{}}')).toBe(false);
    expect(ruleMatches(starts('url', ''), '[1]')).toBe(false);
  });

  it('checks a rule against the tool schema with a message a person can act on', () => {
    expect(ruleProblem(starts('url', 'https://'), schema)).toBeNull();
    expect(ruleProblem(starts('mode', 'a'), schema)).toBeNull();
    expect(ruleProblem(starts('link', 'https://'), schema)).toBe(
      '"link" is not an argument of this tool (it has: url, depth, mode).',
    );
    expect(ruleProblem(starts('depth', '1'), schema)).toBe(
      '"depth" is not text (integer), so "starts with" cannot apply; use "is".',
    );
    expect(ruleProblem({ argument: 'depth', test: 'equals', value: '1' }, schema)).toBeNull();
    expect(ruleProblem(starts('url', ''), schema)).toMatch(/empty start would allow every call/);
    expect(ruleProblem(starts('', 'x'), schema)).toBe('Choose the argument the rule looks at.');
    expect(ruleProblem(starts('x', 'y'), { type: 'object', properties: {} })).toBe(
      '"x" is not an argument of this tool (it takes none).',
    );
    expect(ruleProblem(starts('x', 'y'), undefined)).toBeNull();
  });

  it('offers text arguments first and describes a rule in words', () => {
    expect(ruleArguments(schema)).toEqual(['url', 'mode', 'depth']);
    expect(ruleArguments(undefined)).toEqual([]);
    expect(describeRule(starts('url', 'https://a/'))).toBe('when url starts with “https://a/”');
    expect(describeRule({ argument: 'depth', test: 'equals', value: '2' })).toBe('when depth is “2”');
  });
});
