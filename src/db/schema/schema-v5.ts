/**
 * v5: mcpTasks, the task handles MCP servers answered tool calls with (domain/mcp-task.ts), keyed by the call, so a
 * task's lane comes back after a reload and its polling resumes (mcp-tasks-repo.ts). No record is rewritten.
 */
export const SCHEMA_V5_CHANGES = Object.freeze({
  mcpTasks: 'callId, sessionId',
});
