import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { BUILTIN_SPECS } from '../../src/tools/builtin-specs';
import { argsFromSchema } from './schema-args';

describe('the mock server demo arguments ("use tools")', () => {
  it.each(BUILTIN_SPECS.map((s) => [s.id, s] as const))('are valid for the built-in %s', (_id, spec) => {
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    const validate = ajv.compile(spec.parameters);
    const args = argsFromSchema(spec.parameters, 'use tools');
    expect(validate(args), JSON.stringify(validate.errors)).toBe(true);
  });

  it('name a real IANA time zone', () => {
    const args = argsFromSchema({ type: 'object', properties: { timeZone: { type: 'string' } } }, 'use tools');
    expect(() => new Intl.DateTimeFormat('en', { timeZone: String(args.timeZone) })).not.toThrow();
  });
});
