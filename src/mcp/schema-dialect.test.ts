import { describe, expect, it } from 'vitest';
import { createAjv } from '../tools/ajv-factory';
import { withoutDialect2020 } from './schema-dialect';

describe('withoutDialect2020', () => {
  it('drops only a 2020-12 $schema line', () => {
    expect(withoutDialect2020({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' })).toEqual({
      type: 'object',
    });
    const draft7 = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' };
    expect(withoutDialect2020(draft7)).toBe(draft7);
  });
  it('lets the validator check what a zod 4 server declares', () => {
    const ajv = createAjv();
    const check = ajv.compile(
      withoutDialect2020({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { n: { type: 'number' } },
        required: ['n'],
      }),
    );
    expect(check({ n: 1 })).toBe(true);
    expect(check({})).toBe(false);
  });
  it('keeps the $schema of a schema using a 2020-12-only keyword, so it is reported rather than half checked', () => {
    const tuple = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { p: { type: 'array', prefixItems: [{ type: 'string' }] } },
    };
    expect(withoutDialect2020(tuple)).toBe(tuple);
    expect(() => createAjv().compile(tuple)).toThrow();
  });
});
