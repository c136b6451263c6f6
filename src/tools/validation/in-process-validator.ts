import { argsValidatorFor, forgetArgsValidator, schemaProblems } from '../validate-args';
import type { SchemaValidator, ValidationEngine } from './schema-validator';

/** Ajv in this very context. Used by the validation worker, and by Node tests, where code generation is allowed. */
export function createValidationEngine(): ValidationEngine {
  return {
    validateArgs: (tool, args) => argsValidatorFor(tool)(args),
    schemaProblems: (schema) => schemaProblems(schema),
    forgetTool: (toolId) => forgetArgsValidator(toolId),
    prepare: (tools) => {
      for (const tool of tools) argsValidatorFor(tool);
    },
  };
}

/** The engine behind the asynchronous interface the agent and the UI use. */
export function createInProcessValidator(engine: ValidationEngine = createValidationEngine()): SchemaValidator {
  return {
    validateArgs: async (tool, args) => engine.validateArgs(tool, args),
    schemaProblems: async (schema) => engine.schemaProblems(schema),
    forgetTool: (toolId) => engine.forgetTool(toolId),
    prepare: (tools) => engine.prepare(tools),
  };
}
