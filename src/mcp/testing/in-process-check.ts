import { createInProcessValidator } from '../../tools/validation/in-process-validator';
import type { SchemaCheck } from '../types';

/** The app's validation engine (Ajv) in process, behind the injected-check interface the MCP layer takes. */
export function inProcessCheck(): SchemaCheck {
  const validator = createInProcessValidator();
  return (s, value) => validator.validateArgs({ id: s.id, parameters: s.schema }, value);
}
