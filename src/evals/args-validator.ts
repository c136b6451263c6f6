import type { SchemaValidator } from '../tools/validation/schema-validator';
import type { SchemaArgsValidator } from './checks';

/**
 * The "Arguments match" check on the tool validator (ajv, in the validation worker on the page). Each schema gets a
 * cache slot of its own, named by its text, so a suite's checks on different schemas do not evict one another.
 */
export function argsValidatorOn(validator: SchemaValidator): SchemaArgsValidator {
  return (schema, args) =>
    validator.validateArgs({ id: `eval-check:${JSON.stringify(schema)}`, parameters: schema }, args);
}
