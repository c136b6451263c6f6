import { describe, expect, it } from 'vitest';
import type { CaseCheck } from '../domain/eval-case';
import { createInProcessValidator } from '../tools/validation/in-process-validator';
import { argsValidatorOn } from './args-validator';
import { checkFailure, failedChecks, patternProblem, type CaseOutcome } from './checks';

const validate = argsValidatorOn(createInProcessValidator());
const outcome = (o: Partial<CaseOutcome> = {}): CaseOutcome => ({
  answer: 'It is 18 °C in Paris.',
  toolCalls: [],
  costUsd: 0.002,
  error: null,
  ...o,
});
const weatherSchema = { type: 'object', properties: { city: { type: 'string', enum: ['Paris'] } }, required: ['city'] };

describe('checks', () => {
  it('Calls tool passes when the tool was called, and names it when not', async () => {
    const check: CaseCheck = { kind: 'calls_tool', tool: 'get_weather' };
    expect(
      await checkFailure(check, outcome({ toolCalls: [{ name: 'get_weather', arguments: '{}' }] }), validate),
    ).toBeNull();
    expect(await checkFailure(check, outcome({ toolCalls: [{ name: 'search', arguments: '{}' }] }), validate)).toBe(
      'It did not call get_weather.',
    );
  });

  it('Arguments match validates the call to the chosen tool with ajv', async () => {
    const check: CaseCheck = { kind: 'arguments_match', tool: 'get_weather', schema: weatherSchema };
    expect(
      await checkFailure(
        check,
        outcome({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] }),
        validate,
      ),
    ).toBeNull();
    const wrong = await checkFailure(
      check,
      outcome({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Lyon"}' }] }),
      validate,
    );
    expect(wrong).toMatch(
      /^The arguments of get_weather do not match the schema: \/city must be equal to one of the allowed values/,
    );
    // Another tool's call with fitting arguments does not count.
    const other = await checkFailure(
      check,
      outcome({ toolCalls: [{ name: 'search', arguments: '{"city":"Paris"}' }] }),
      validate,
    );
    expect(other).toBe('It did not call get_weather, so its arguments could not be checked.');
    const broken = await checkFailure(
      check,
      outcome({ toolCalls: [{ name: 'get_weather', arguments: '{"city":' }] }),
      validate,
    );
    expect(broken).toBe('The arguments of get_weather are not JSON: {"city":');
    // One fitting call among several is enough.
    const second = outcome({
      toolCalls: [
        { name: 'get_weather', arguments: '{}' },
        { name: 'get_weather', arguments: '{"city":"Paris"}' },
      ],
    });
    expect(await checkFailure(check, second, validate)).toBeNull();
  });

  it('Answer contains is a plain, case-sensitive substring', async () => {
    expect(await checkFailure({ kind: 'answer_contains', text: '18 °C' }, outcome(), validate)).toBeNull();
    expect(await checkFailure({ kind: 'answer_contains', text: 'paris' }, outcome(), validate)).toBe(
      'The answer does not contain “paris”.',
    );
  });

  it('Answer matches tests a regular expression, and says when the pattern is broken', async () => {
    expect(await checkFailure({ kind: 'answer_matches', pattern: '\\d+ °C' }, outcome(), validate)).toBeNull();
    expect(await checkFailure({ kind: 'answer_matches', pattern: '^Sunny' }, outcome(), validate)).toBe(
      'The answer does not match /^Sunny/.',
    );
    expect(await checkFailure({ kind: 'answer_matches', pattern: '(' }, outcome(), validate)).toMatch(
      /^The regular expression is not valid: /,
    );
    expect(patternProblem('a+')).toBeNull();
  });

  it('Max cost fails above the limit and when the cost is not known', async () => {
    expect(await checkFailure({ kind: 'max_cost', usd: 0.01 }, outcome(), validate)).toBeNull();
    expect(await checkFailure({ kind: 'max_cost', usd: 0.001 }, outcome(), validate)).toBe(
      'It cost $0.0020, more than $0.001.',
    );
    expect(await checkFailure({ kind: 'max_cost', usd: 1 }, outcome({ costUsd: null }), validate)).toMatch(/not known/);
  });

  it('an error fails the case first, and every failed check follows it', async () => {
    const checks: CaseCheck[] = [
      { kind: 'answer_contains', text: 'Paris' },
      { kind: 'calls_tool', tool: 'get_weather' },
    ];
    expect(
      await failedChecks(checks, outcome({ toolCalls: [{ name: 'get_weather', arguments: '{}' }] }), validate),
    ).toEqual([]);
    const failed = await failedChecks(checks, outcome({ answer: '', error: 'The model answered 500.' }), validate);
    expect(failed).toEqual([
      'The model answered 500.',
      'The answer does not contain “Paris”.',
      'It did not call get_weather.',
    ]);
  });
});
