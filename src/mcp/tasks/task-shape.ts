/**
 * The tasks extension's shapes (architecture.md, "MCP Tasks"), read from untrusted JSON: a task handle in place of
 * a tools/call result (`resultType: "task"`) and the task a tasks/get returns. Anything malformed is a problem with
 * a sentence, never a throw.
 */
import { isRecord } from '../../domain/is-record';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

type McpTaskStatus = 'working' | 'input_required' | 'completed' | 'cancelled' | 'failed';

/** One server-to-client request a task waits on (an elicitation form, say), keyed by the server. */
export type McpTaskInputRequest = { method: string; params: Record<string, unknown> };

export type McpTask = {
  taskId: string;
  status: McpTaskStatus;
  statusMessage?: string;
  /** How often to ask again, as the server suggests; it may change between polls. */
  pollIntervalMs?: number;
  ttlMs?: number | null;
  createdAt?: string;
  inputRequests?: Record<string, McpTaskInputRequest>;
  /** The original request's result (a CallToolResult), once completed. */
  result?: Record<string, unknown>;
  /** The JSON-RPC error, once failed. */
  error?: { code?: number; message?: string };
};

type TaskShapeProblem = { problem: string };

const STATUSES: readonly McpTaskStatus[] = ['working', 'input_required', 'completed', 'cancelled', 'failed'];

export function isTerminal(status: McpTaskStatus): boolean {
  return status === 'completed' || status === 'cancelled' || status === 'failed';
}

/** The handle when a result says it is one (`resultType: "task"`); null for an ordinary result. */
export function readTaskHandle(result: unknown): McpTask | TaskShapeProblem | null {
  if (!isRecord(result) || result.resultType !== 'task') return null;
  return readTask(result);
}

export function readTask(value: unknown): McpTask | TaskShapeProblem {
  if (!isRecord(value)) return { problem: 'The server answered tasks/get with something that is not a task.' };
  const { taskId, status } = value;
  if (typeof taskId !== 'string' || taskId === '') return { problem: 'The server sent a task without a task id.' };
  if (typeof status !== 'string' || !STATUSES.includes(status as McpTaskStatus))
    return { problem: `The server sent task ${taskId} with an unknown status "${String(status)}".` };
  const task: McpTask = { taskId, status: status as McpTaskStatus };
  if (typeof value.statusMessage === 'string') task.statusMessage = value.statusMessage;
  if (typeof value.pollIntervalMs === 'number' && Number.isFinite(value.pollIntervalMs))
    task.pollIntervalMs = value.pollIntervalMs;
  if (typeof value.ttlMs === 'number' || value.ttlMs === null) task.ttlMs = value.ttlMs;
  if (typeof value.createdAt === 'string') task.createdAt = value.createdAt;
  if (task.status === 'input_required') {
    const requests: Record<string, McpTaskInputRequest> = {};
    if (isRecord(value.inputRequests)) {
      for (const [key, r] of Object.entries(value.inputRequests)) {
        if (isRecord(r) && typeof r.method === 'string')
          requests[key] = { method: r.method, params: isRecord(r.params) ? r.params : {} };
      }
    }
    task.inputRequests = requests;
  }
  if (task.status === 'completed') {
    if (!isRecord(value.result)) return { problem: `The server said task ${taskId} completed but sent no result.` };
    task.result = value.result;
  }
  if (task.status === 'failed' && isRecord(value.error)) {
    task.error = {
      ...(typeof value.error.code === 'number' ? { code: value.error.code } : {}),
      ...(typeof value.error.message === 'string' ? { message: value.error.message } : {}),
    };
  }
  return task;
}
