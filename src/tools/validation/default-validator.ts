import type { SchemaValidator } from './schema-validator';
import { createWorkerValidator } from './worker-validator';

let shared: SchemaValidator | null = null;

/**
 * The one validator the page shares (one worker, one cache). Where there are no workers (Node tests) Ajv runs in
 * process, loaded on first use so the page's bundles never carry a compiler they must not run.
 */
export function defaultSchemaValidator(): SchemaValidator {
  shared ??= typeof Worker === 'function' ? createWorkerValidator(spawnValidationWorker) : lazyInProcessValidator();
  return shared;
}

function spawnValidationWorker(): Worker {
  return new Worker(new URL('./validation-worker.ts', import.meta.url), {
    type: 'module',
    name: 'toolscope-validation',
  });
}

function lazyInProcessValidator(): SchemaValidator {
  const loaded = import('./in-process-validator').then((m) => m.createInProcessValidator());
  return {
    validateArgs: async (tool, args) => (await loaded).validateArgs(tool, args),
    schemaProblems: async (schema) => (await loaded).schemaProblems(schema),
    forgetTool: (toolId) => void loaded.then((v) => v.forgetTool(toolId)),
    prepare: (tools) => void loaded.then((v) => v.prepare(tools)),
  };
}
