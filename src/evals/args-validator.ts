import type { SchemaValidator } from '../tools/validation/schema-validator';
import type { SchemaArgsValidator } from './checks';

/**
 * The "Arguments match" check on the tool validator (ajv, in the validation worker on the page). A check's schema is
 * its own identity: the validator caches one compiled function per id, and the same schema text compiles once.
 */
export function argsValidatorOn(validator: SchemaValidator): SchemaArgsValidator {
  return (schema, args) => {
    const text = JSON.stringify(schema);
    return validator.validateArgs({ id: `eval-check:${text}`, updatedAt: 0, parameters: schema }, args);
  };
}
