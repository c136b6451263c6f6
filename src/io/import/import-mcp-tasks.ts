/**
 * The task lanes an import writes (architecture.md, "MCP Tasks"): each names a tool call of its own session (others
 * are dropped), carries the session's stored id, and a task that had not ended when the file was made is settled as
 * left: an imported task is never polled (its server arrives switched off, maybe under another id).
 */
import { isTaskLaneOpen, type McpTaskRecord } from '../../domain/mcp-task';
import type { ExportedSessionV1 } from '../session-file/format-v1';

export const IMPORTED_OPEN_TASK_TEXT =
  'This task was imported from a file before it ended, so it is not followed here.';

export function importedMcpTasks(entry: ExportedSessionV1): McpTaskRecord[] {
  const calls = new Set(entry.toolCalls.map((c) => c.id));
  return (entry.mcpTasks ?? [])
    .filter((t) => calls.has(t.callId))
    .map((t) => {
      const own = { ...t, sessionId: entry.session.id };
      return isTaskLaneOpen(t.status) ? { ...own, status: 'lost' as const, endText: IMPORTED_OPEN_TASK_TEXT } : own;
    });
}
