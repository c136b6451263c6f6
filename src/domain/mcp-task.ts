/**
 * A task an MCP server answered a tool call with, as the app keeps it (architecture.md, "MCP Tasks"): enough to
 * show its lane after a reload and to poll it again, and how it ended once it did.
 */
export type McpTaskLaneStatus =
  | 'working'
  | 'input_required'
  | 'cancelling'
  | 'completed'
  | 'failed'
  | 'cancelled'
  | 'lost'
  | 'expired';

export type McpTaskRecord = {
  /** The tool call that the task answers; one task per call. */
  callId: string;
  sessionId: string;
  serverId: string;
  serverName: string;
  toolName: string;
  taskId: string;
  status: McpTaskLaneStatus;
  statusMessage?: string;
  pollIntervalMs?: number;
  /**
   * The task's time to live and the server's creation time, from the handle: after a reload the time-to-live
   * backstop applies from them before the first tasks/get answers (architecture.md, "MCP Tasks").
   */
  ttlMs?: number | null;
  taskCreatedAt?: string;
  /** When the page got the handle. */
  createdAt: number;
  updatedAt: number;
  /** How it ended, in words (the result text given to the model, or why there is none). */
  endText?: string;
  /**
   * The task's end as the model reads it, when it came after the run that made the call had ended (a reload cut it):
   * the history builder gives it to the model in place of the call's interrupted result (architecture.md, "MCP Tasks").
   */
  lateResult?: LateTaskResult;
};

export type LateTaskResult = { content: string; isError: boolean; arrivedAt: number };

export const MCP_TASK_STATUS_WORDS: Record<McpTaskLaneStatus, string> = {
  working: 'working',
  input_required: 'needs your input',
  cancelling: 'cancelling',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
  lost: 'left (no longer followed)',
  expired: 'expired',
};

export function isTaskLaneOpen(status: McpTaskLaneStatus): boolean {
  return status === 'working' || status === 'input_required' || status === 'cancelling';
}
