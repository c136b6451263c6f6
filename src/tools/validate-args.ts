import type { ErrorObject, ValidateFunction } from 'ajv';
import type { ValidationIssue } from '../agent/tool-executor';
import type { ToolDefinition } from '../db/records';
import { createAjv } from './ajv-factory';

export type ArgsValidator = (args: unknown) => ValidationIssue[];

/** Turns Ajv errors into `{path, message}` pairs; `required` errors point at the missing property itself. */
export function issuesFromAjv(errors: readonly ErrorObject[] | null | undefined): ValidationIssue[] {
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

/** Compiles a schema into an issue-returning validator; a schema Ajv cannot compile yields a validator that always fails. */
export function compileArgsValidator(schema: Record<string, unknown>): ArgsValidator {
  let validate: ValidateFunction;
  try {
    validate = createAjv().compile(schema);
  } catch (err) {
    const message = `the tool's parameter schema is invalid: ${err instanceof Error ? err.message : String(err)}`;
    return () => [{ path: '/', message }];
  }
  return (args) => (validate(args) ? [] : issuesFromAjv(validate.errors));
}

// Keyed by tool id; an entry is reused only while the definition's updatedAt matches, so edits recompile once.
const cache = new Map<string, { updatedAt: number; validator: ArgsValidator }>();

/** The argument validator for a tool, compiled once per (id, updatedAt). */
export function argsValidatorFor(def: Pick<ToolDefinition, 'id' | 'updatedAt' | 'parameters'>): ArgsValidator {
  const hit = cache.get(def.id);
  if (hit && hit.updatedAt === def.updatedAt) return hit.validator;
  const validator = compileArgsValidator(def.parameters);
  cache.set(def.id, { updatedAt: def.updatedAt, validator });
  return validator;
}

/** Parses the raw argument text the model or the editor produced; JSON errors become one issue at the root. */
export function parseArgs(text: string): { ok: true; value: unknown } | { ok: false; issues: ValidationIssue[] } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(trimmed) as unknown };
  } catch (err) {
    return { ok: false, issues: [{ path: '/', message: `not valid JSON: ${err instanceof Error ? err.message : String(err)}` }] };
  }
}

/** The error text the model reads when its arguments fail, so it can correct itself. */
export function describeIssues(issues: readonly ValidationIssue[], received: string): string {
  const lines = issues.map((i) => `- ${i.path}: ${i.message}`);
  return `Invalid arguments:\n${lines.join('\n')}\nArguments received: ${received}`;
}
