import { describe, expect, it } from 'vitest';
import type { CaseCheck } from '../domain/eval-case';
import { checksFromForm, formCannotHold, formFromChecks, NO_JUDGE, type CheckForm } from './check-form';

const empty: CheckForm = {
  callsTool: false,
  tool: 'get_weather',
  argsOn: false,
  schema: '{}',
  containsOn: false,
  text: '',
  matchOn: false,
  pattern: '',
  maxCost: '',
  ...NO_JUDGE,
};
const fallback = { tool: 'search', schema: '{"type":"object"}', text: 'Paris' };

describe('the Checks form', () => {
  it('turns every ticked check into a stored check, and a stored case back into the same form', () => {
    const form: CheckForm = {
      callsTool: true,
      tool: 'get_weather',
      argsOn: true,
      schema: '{"type":"object","required":["city"]}',
      containsOn: true,
      text: '18 °C',
      matchOn: true,
      pattern: '\\d+ °C',
      maxCost: '0.01',
      judgeOn: true,
      question: ' Does it give a temperature? ',
      judgeModel: 'judge-m @ http://127.0.0.1:9/v1',
      threshold: '0.7',
    };
    const checks = checksFromForm(form);
    expect(checks).toEqual([
      { kind: 'calls_tool', tool: 'get_weather' },
      { kind: 'arguments_match', tool: 'get_weather', schema: { type: 'object', required: ['city'] } },
      { kind: 'answer_contains', text: '18 °C' },
      { kind: 'answer_matches', pattern: '\\d+ °C' },
      { kind: 'max_cost', usd: 0.01 },
      {
        kind: 'judge',
        question: 'Does it give a temperature?',
        judgeModel: 'judge-m @ http://127.0.0.1:9/v1',
        threshold: 0.7,
      },
    ]);
    const back = formFromChecks(checks as CaseCheck[], fallback);
    expect(checksFromForm(back)).toEqual(checks);
    expect(back).toMatchObject({
      tool: 'get_weather',
      maxCost: '0.01',
      schema: JSON.stringify({ type: 'object', required: ['city'] }, null, 2),
    });
  });

  it('fills the fields of checks a case lacks from the fallback, unticked', () => {
    const form = formFromChecks([{ kind: 'answer_contains', text: 'hello' }], fallback);
    expect(form).toEqual({
      callsTool: false,
      tool: 'search',
      argsOn: false,
      schema: '{"type":"object"}',
      containsOn: true,
      text: 'hello',
      matchOn: false,
      pattern: '',
      maxCost: '',
      ...NO_JUDGE,
    });
    expect(formFromChecks([], { ...fallback, judgeModel: 'gpt-x' })).toMatchObject({
      judgeOn: false,
      judgeModel: 'gpt-x',
      threshold: '0.5',
    });
  });

  it("lets a judge be a case's only check, and refuses an unreadable one in sentences", () => {
    expect(
      checksFromForm({ ...empty, judgeOn: true, question: 'Is it polite?', judgeModel: 'gpt-x', threshold: '0.5' }),
    ).toEqual([{ kind: 'judge', question: 'Is it polite?', judgeModel: 'gpt-x', threshold: 0.5 }]);
    expect(checksFromForm({ ...empty, judgeOn: true, judgeModel: 'gpt-x' })).toMatch(/^Write the yes\/no question/);
    expect(checksFromForm({ ...empty, judgeOn: true, question: 'Q?', judgeModel: ' ' })).toMatch(
      /^Name the judge model/,
    );
    expect(checksFromForm({ ...empty, judgeOn: true, question: 'Q?', judgeModel: 'gpt x' })).toMatch(
      /^The judge model cannot be read/,
    );
    expect(checksFromForm({ ...empty, judgeOn: true, question: 'Q?', judgeModel: 'gpt-x @ not-a-url' })).toMatch(
      /^The judge model cannot be read/,
    );
    expect(checksFromForm({ ...empty, judgeOn: true, question: 'Q?', judgeModel: 'gpt-x', threshold: '1.5' })).toBe(
      'Threshold is a number from 0 to 1, such as 0.5.',
    );
    expect(checksFromForm({ ...empty, judgeOn: true, question: 'Q?', judgeModel: 'gpt-x', threshold: '' })).toBe(
      'Threshold is a number from 0 to 1, such as 0.5.',
    );
  });

  it('refuses what saving refuses, in sentences', () => {
    expect(checksFromForm(empty)).toBe('Tick at least one check: a case with no checks would always pass.');
    expect(checksFromForm({ ...empty, callsTool: true, tool: '' })).toBe('Choose the tool the checks are about.');
    expect(checksFromForm({ ...empty, argsOn: true, schema: '{' })).toMatch(/^The arguments schema is not JSON/);
    expect(checksFromForm({ ...empty, argsOn: true, schema: '[]' })).toBe(
      'The arguments schema must be a JSON object (a JSON Schema).',
    );
    expect(checksFromForm({ ...empty, containsOn: true })).toMatch(/^Write the text the answer must contain/);
    expect(checksFromForm({ ...empty, matchOn: true })).toMatch(/^Write the regular expression/);
    expect(checksFromForm({ ...empty, matchOn: true, pattern: '(' })).toMatch(/^The regular expression is not valid/);
    expect(checksFromForm({ ...empty, matchOn: true, pattern: '^(a+)+$' })).toMatch(
      /^The regular expression cannot be used: .*exponential time/,
    );
    expect(checksFromForm({ ...empty, maxCost: '-1' })).toBe('Max cost is a number of US dollars, such as 0.01.');
  });

  it('says when a stored case has more than the form can hold', () => {
    expect(
      formCannotHold([
        { kind: 'calls_tool', tool: 'a' },
        { kind: 'answer_contains', text: 'x' },
      ]),
    ).toBeNull();
    expect(
      formCannotHold([
        { kind: 'answer_contains', text: 'x' },
        { kind: 'answer_contains', text: 'y' },
      ]),
    ).toMatch(/more than one check of a kind/);
    expect(
      formCannotHold([
        { kind: 'calls_tool', tool: 'a' },
        { kind: 'arguments_match', tool: 'b', schema: {} },
      ]),
    ).toMatch(/more than one tool/);
  });
});
