/**
 * The JSON-RPC a task call shows in its details (architecture.md, "MCP Tasks"): the requests and responses of the
 * raw path (tools/call, tasks/*, subscriptions/listen) and the notifications that came on their streams (task status,
 * progress, log messages). Bounded twice: the list keeps at most MAX_WIRE_MESSAGES like every call's, and
 * notifications at most MAX_TASK_NOTIFICATIONS of them, so a server that floods a long task with notifications
 * cannot grow the page's memory or crowd out the responses; the ones not kept are counted in one note in the list.
 */
import { MAX_WIRE_MESSAGES, MAX_WIRE_TEXT, WIRE_NOT_KEPT, type McpWireMessage } from '../../domain/mcp-call-trace';

export const MAX_TASK_NOTIFICATIONS = 16;

type TaskWireLog = {
  message(dir: McpWireMessage['dir'], message: unknown): void;
  notification(method: string, params: Record<string, unknown>): void;
};

export function createTaskWireLog(sink: McpWireMessage[], now: () => number = Date.now): TaskWireLog {
  const started = now();
  let kept = 0;
  let dropped = 0;
  let note = -1;
  const push = (dir: McpWireMessage['dir'], message: unknown): boolean => {
    if (sink.length >= MAX_WIRE_MESSAGES) return false;
    const json = JSON.stringify(message) ?? 'null';
    sink.push({
      dir,
      t: now() - started,
      json: json.length > MAX_WIRE_TEXT ? `${json.slice(0, MAX_WIRE_TEXT)}…` : json,
    });
    return true;
  };
  return {
    message: (dir, message) => void push(dir, message),
    notification: (method, params) => {
      if (kept < MAX_TASK_NOTIFICATIONS) {
        if (push('received', { jsonrpc: '2.0', method, params })) kept += 1;
        return;
      }
      dropped += 1;
      const text = {
        [WIRE_NOT_KEPT]: dropped,
        reason: `A call keeps its first ${MAX_TASK_NOTIFICATIONS} notifications; ${dropped} more came and were not kept.`,
      };
      const existing = note >= 0 ? sink[note] : undefined;
      if (existing !== undefined) sink[note] = { ...existing, json: JSON.stringify(text) };
      else if (push('received', text)) note = sink.length - 1;
    },
  };
}
