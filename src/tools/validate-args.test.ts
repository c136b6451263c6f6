import { describe, expect, it } from 'vitest';
import { argsValidatorFor, compileArgsValidator, forgetArgsValidator, schemaProblems } from './validate-args';

const schema = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 }, days: { type: 'integer', minimum: 1, maximum: 7 } },
  required: ['city'],
  additionalProperties: false,
};

describe('compileArgsValidator', () => {
  const validate = compileArgsValidator(schema);

  it('accepts valid arguments', () => {
    expect(validate({ city: 'Oslo', days: 3 })).toEqual([]);
  });

  it('lists every failing path with a message', () => {
    const issues = validate({ days: 0, extra: true });
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: '/city', message: "must have required property 'city'" },
        { path: '/days', message: 'must be >= 1' },
        { path: '/extra', message: 'is not an allowed property' },
      ]),
    );
    expect(issues).toHaveLength(3);
  });

  it('reports a non-object at the root', () => {
    expect(validate('Oslo')).toEqual([{ path: '/', message: 'must be object' }]);
  });

  it('checks formats', () => {
    const v = compileArgsValidator({ type: 'object', properties: { url: { type: 'string', format: 'uri' } } });
    expect(v({ url: 'not a uri' })).toEqual([{ path: '/url', message: 'must match format "uri"' }]);
  });

  it('turns an uncompilable schema into a validator that explains why', () => {
    const v = compileArgsValidator({ type: 'object', properties: { a: { $ref: '#/nowhere' } } });
    const issues = v({});
    expect(issues).toHaveLength(1);
    expect(issues[0]?.message).toMatch(/parameter schema is invalid/);
  });
});

describe('argsValidatorFor', () => {
  it('compiles once per id and schema, and again after an edit', () => {
    const def = { id: 't1', updatedAt: 1, parameters: schema };
    const a = argsValidatorFor(def);
    expect(argsValidatorFor({ ...def })).toBe(a);
    const edited = argsValidatorFor({ ...def, parameters: { type: 'object', required: ['x'] } });
    expect(edited).not.toBe(a);
    expect(edited({})).toEqual([{ path: '/x', message: "must have required property 'x'" }]);
  });

  it('never answers with a validator compiled for another schema under the same id and updatedAt', () => {
    // A tool imported or synced with the same updatedAt, a paused call's tool re-listed by its server: the names stay, the schema changes.
    const def = { id: 't3', updatedAt: 1, parameters: { type: 'object', required: ['a'] } };
    expect(argsValidatorFor(def)({})).toEqual([{ path: '/a', message: "must have required property 'a'" }]);
    const changed = { ...def, parameters: { type: 'object', required: ['b'] } };
    expect(argsValidatorFor(changed)({})).toEqual([{ path: '/b', message: "must have required property 'b'" }]);
    expect(argsValidatorFor(changed)).toBe(argsValidatorFor(changed));
  });

  it('compiles again after the tool was forgotten (deleted)', () => {
    const def = { id: 't2', updatedAt: 1, parameters: schema };
    const a = argsValidatorFor(def);
    forgetArgsValidator('t2');
    expect(argsValidatorFor(def)).not.toBe(a);
  });
});

describe('schemaProblems', () => {
  it('reports meta-schema errors and a dangling $ref that only compilation finds', () => {
    expect(schemaProblems({ type: 'object', properties: { a: { type: 'strin' } } }).join(' ')).toMatch(
      /properties\/a\/type/,
    );
    expect(schemaProblems({ type: 'object', properties: { a: { $ref: '#/defs/none' } } })[0]).toMatch(
      /resolve reference/,
    );
    expect(schemaProblems(schema)).toEqual([]);
  });
});

describe('schemaProblems and patterns that backtrack', () => {
  it('refuses a pattern that can take exponential time, naming where it is', () => {
    const problems = schemaProblems({ type: 'object', properties: { word: { type: 'string', pattern: '^(a+)+$' } } });
    expect(problems).toEqual([
      expect.stringMatching(/^\/properties\/word\/pattern: the pattern "\^\(a\+\)\+\$" can take exponential time/),
    ]);
    expect(
      schemaProblems({
        type: 'object',
        properties: { slug: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' } },
      }),
    ).toEqual([]);
  });
});
