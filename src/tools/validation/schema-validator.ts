import type { ValidationIssue } from '../../agent/tool-executor';
import type { ToolDefinition } from '../../domain/tool-definition';

/**
 * What validating arguments needs: the schema, and the id its compiled validator is cached under (a tool's id, or a
 * caller's name for its schema). The cache recompiles whenever the schema's text changes, so no revision is needed.
 */
export type ToolSchemaRef = Pick<ToolDefinition, 'id' | 'parameters'>;

/**
 * Checks user-written JSON Schemas and arguments against them. Ajv compiles a schema into code with `new Function`,
 * which the page's Content-Security-Policy forbids, so on the page this runs in a worker (worker-validator.ts) and
 * every answer is asynchronous; Node tests use the same engine in process (in-process-validator.ts).
 */
export interface SchemaValidator {
  /** Every failing path with its message; [] when the arguments fit. Compiled once per (id, schema text). */
  validateArgs(tool: ToolSchemaRef, args: unknown): Promise<ValidationIssue[]>;
  /** Why a parameters schema cannot be used: meta-schema errors, or what compiling it reports (a dangling $ref). */
  schemaProblems(schema: Record<string, unknown>): Promise<string[]>;
  /** Drops the compiled validator of a deleted tool. */
  forgetTool(toolId: string): void;
  /**
   * Compiles these tools' validators ahead of their first call (no answer). Without it the first calls of a turn
   * would wait on one compile each in turn, and parallel calls would start staggered instead of together.
   */
  prepare(tools: readonly ToolSchemaRef[]): void;
}

/** The synchronous engine behind both: Ajv, compiled where code generation is allowed. */
export interface ValidationEngine {
  validateArgs(tool: ToolSchemaRef, args: unknown): ValidationIssue[];
  schemaProblems(schema: Record<string, unknown>): string[];
  forgetTool(toolId: string): void;
  prepare(tools: readonly ToolSchemaRef[]): void;
}
