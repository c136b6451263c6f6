import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * One Ajv per tool schema: user schemas may carry their own `$id`s, and a shared instance would refuse the second
 * schema with the same id. `strict: false` because model-facing schemas often carry keywords Ajv's strict mode
 * rejects (e.g. unknown formats); the meta-schema check still catches malformed schemas.
 *
 * Ajv compiles validators with `new Function`, which the page's CSP forbids: this runs only in the validation worker
 * (validation/validation-worker.ts) and in Node tests.
 */
export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  return ajv;
}
