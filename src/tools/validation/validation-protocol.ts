import type { ValidationIssue } from '../../agent/tool-executor';
import type { ToolSchemaRef, ValidationEngine } from './schema-validator';

/**
 * Messages between the page and the validation worker. The schema travels with every request, so a worker that was
 * restarted (or crashed) answers correctly and only recompiles; `forget` gets no answer.
 */
export type ValidationRequest =
  | { type: 'validate'; id: number; tool: ToolSchemaRef; args: unknown }
  | { type: 'schema'; id: number; schema: Record<string, unknown> }
  | { type: 'forget'; toolId: string }
  | { type: 'prepare'; tools: ToolSchemaRef[] };

export type ValidationReply =
  /** Sent once when the worker has loaded: deadlines count from here, so a slow start is not taken for a stuck check. */
  | { type: 'ready' }
  | { type: 'issues'; id: number; issues: ValidationIssue[] }
  | { type: 'problems'; id: number; problems: string[] }
  | { type: 'failed'; id: number; message: string };

/** The worker's side: one request in, at most one reply out. Never throws, so a bad request cannot stop the worker. */
export function answerRequest(
  engine: ValidationEngine,
  request: ValidationRequest,
): Exclude<ValidationReply, { type: 'ready' }> | null {
  if (request.type === 'forget') {
    engine.forgetTool(request.toolId);
    return null;
  }
  if (request.type === 'prepare') {
    // A schema that does not compile is reported when a call uses it; preparing is best effort.
    try {
      engine.prepare(request.tools);
    } catch {
      /* see validateArgs */
    }
    return null;
  }
  try {
    return request.type === 'validate'
      ? { type: 'issues', id: request.id, issues: engine.validateArgs(request.tool, request.args) }
      : { type: 'problems', id: request.id, problems: engine.schemaProblems(request.schema) };
  } catch (err) {
    return { type: 'failed', id: request.id, message: err instanceof Error ? err.message : String(err) };
  }
}
