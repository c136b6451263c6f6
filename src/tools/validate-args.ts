import type { ErrorObject, ValidateFunction } from 'ajv';
import type { ValidationIssue } from '../agent/tool-executor';
import type { ToolSchemaRef } from './validation/schema-validator';
import { createAjv } from './ajv-factory';
import { describeUnsafePattern, findUnsafePatterns } from './validation/unsafe-patterns';

/*
 * The Ajv engine for user-written schemas. It builds code with `new Function`, so it only runs where that is
 * allowed: in the validation worker (validation/validation-worker.ts) and in Node tests, never on the page.
 */

type ArgsValidator = (args: unknown) => ValidationIssue[];

/** Turns Ajv errors into `{path, message}` pairs; `required` errors point at the missing property itself. */
function issuesFromAjv(errors: readonly ErrorObject[] | null | undefined): ValidationIssue[] {
  if (!errors) return [];
  return errors.map((e) => {
    let path = e.instancePath;
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'required' && typeof params.missingProperty === 'string') path += `/${params.missingProperty}`;
    if (e.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
      return { path: `${path}/${params.additionalProperty}`, message: 'is not an allowed property' };
    }
    return { path: path === '' ? '/' : path, message: e.message ?? e.keyword };
  });
}

/** Says plainly when a Content-Security-Policy, not the schema, stopped compilation. */
function compileFailure(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof EvalError || /unsafe-eval|Content Security Policy/i.test(message)) {
    return `arguments cannot be checked: a Content-Security-Policy forbids compiling the schema here (${message})`;
  }
  return `the tool's parameter schema is invalid: ${message}`;
}

/** Compiles a schema into an issue-returning validator; a schema Ajv cannot compile yields a validator that always fails. */
export function compileArgsValidator(schema: Record<string, unknown>): ArgsValidator {
  let validate: ValidateFunction;
  try {
    validate = createAjv().compile(schema);
  } catch (err) {
    const message = compileFailure(err);
    return () => [{ path: '/', message }];
  }
  return (args) => (validate(args) ? [] : issuesFromAjv(validate.errors));
}

/*
 * One rule for every cached schema: an entry is named by its id (so a deleted tool can be forgotten) and reused only
 * while the schema's text is the same, so no caller has to invent a revision that follows its schema (an updatedAt
 * or a hash can stay the same while the schema changes; then the old compiled validator would answer).
 */
const cache = new Map<string, { schemaText: string; validator: ArgsValidator }>();

/** The argument validator for a schema named `id`, compiled once per (id, schema text). */
export function argsValidatorFor(def: ToolSchemaRef): ArgsValidator {
  const schemaText = JSON.stringify(def.parameters);
  const hit = cache.get(def.id);
  if (hit && hit.schemaText === schemaText) return hit.validator;
  const validator = compileArgsValidator(def.parameters);
  cache.set(def.id, { schemaText, validator });
  return validator;
}

/** A deleted tool's validator is not needed again. */
export function forgetArgsValidator(toolId: string): void {
  cache.delete(toolId);
}

/**
 * Meta-schema errors, anything Ajv cannot compile (e.g. a dangling $ref), and patterns that can backtrack for
 * exponential time (see validation/unsafe-patterns.ts); [] for a usable schema.
 */
export function schemaProblems(schema: Record<string, unknown>): string[] {
  // Any throw here (a bad $ref, or an EvalError under a CSP) is reported, not allowed to crash the caller.
  try {
    const ajv = createAjv();
    if (!ajv.validateSchema(schema)) {
      return (ajv.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword}`.trim());
    }
    ajv.compile(schema);
  } catch (err) {
    return [err instanceof Error ? err.message : String(err)];
  }
  return findUnsafePatterns(schema).map(describeUnsafePattern);
}
