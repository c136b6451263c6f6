import { describe, expect, it } from 'vitest';
import { elicitAnswer, elicitFields, initialValues } from './elicit-fields';

const schema = {
  properties: {
    name: { type: 'string', title: 'Your name' },
    age: { type: 'integer', title: 'Age', default: 42 },
    ok: { type: 'boolean', title: 'Agree' },
    pet: { type: 'string', enum: ['p1', 'p2'], enumNames: ['Cats', 'Dogs'], default: 'p2' },
    hero: { type: 'string', oneOf: [{ const: 'h1', title: 'Superman' }] },
    fish: { type: 'array', items: { anyOf: [{ const: 'f1', title: 'Tuna' }] }, default: ['f1'] },
    odd: { type: 'object' },
  },
  required: ['name'],
};

describe('elicitation fields', () => {
  it('labels fields by title, applies defaults and skips what a form cannot show', () => {
    const fields = elicitFields(schema);
    expect(fields.map((f) => [f.key, f.label, f.kind])).toEqual([
      ['name', 'Your name', 'text'],
      ['age', 'Age', 'number'],
      ['ok', 'Agree', 'boolean'],
      ['pet', 'pet', 'choice'],
      ['hero', 'hero', 'choice'],
      ['fish', 'fish', 'multi'],
    ]);
    expect(initialValues(fields)).toEqual({ name: '', age: '42', ok: false, pet: 'p2', hero: '', fish: ['f1'] });
  });

  it("answers in the schema's types and names a missing required field", () => {
    const fields = elicitFields(schema);
    expect(elicitAnswer(fields, initialValues(fields))).toEqual({ ok: false, message: '“Your name” is required.' });
    expect(elicitAnswer(fields, { ...initialValues(fields), name: ' Ada ', ok: true })).toEqual({
      ok: true,
      content: { name: 'Ada', age: 42, ok: true, pet: 'p2', fish: ['f1'] },
    });
    expect(elicitAnswer(fields, { ...initialValues(fields), name: 'x', age: '4.5' })).toMatchObject({
      ok: false,
      message: '“Age” must be a whole number.',
    });
  });
});
