/**
 * A tools/call toward a server that offers the tasks extension (architecture.md, "MCP Tasks"): sent raw with the
 * extension declared, so the server may answer with a task handle; an ordinary result is converted as the SDK path
 * converts it, a handle is handed to the caller's follower with the wire for tasks/get, tasks/update, tasks/cancel.
 * Progress (for the call's own token) and log messages the replies' event streams carry are shown as on the SDK path;
 * they, the task's status pushes and the subscriptions/listen request are in the call's JSON-RPC list too (bounded).
 */
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import type { McpWireMessage } from '../../domain/mcp-call-trace';
import { toCallResult } from '../sdk-shapes';
import type { McpLogLevel, McpLogMessage, McpProgress, McpToolCallResult } from '../types';

const LOG_LEVELS: ReadonlySet<string> = new Set<McpLogLevel>([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]);
import type { TaskWire } from './follow-task';
import { createTaskRpc, TaskRpcError, type TaskRpc } from './task-rpc';
import type { McpTask } from './task-shape';
import { createTaskWireLog } from './task-wire-log';

export type TaskCallContext = {
  url: URL;
  fetch: typeof fetch;
  clientInfo: { name: string; version: string };
  clientCapabilities: Record<string, unknown>;
  authProvider?: OAuthClientProvider;
  /** The server's log messages, as the SDK path hands them to the connection's watchers. */
  onLog?: (message: McpLogMessage) => void;
};

type TaskCall = {
  name: string;
  args: Record<string, unknown>;
  meta: Record<string, unknown>;
  signal: AbortSignal;
  wire?: McpWireMessage[];
  /** Progress is asked for (a progress token in `_meta`) only when this is given; it keeps coming while the task runs. */
  onProgress?: (progress: McpProgress) => void;
  onTask: (task: McpTask, wire: TaskWire) => Promise<McpToolCallResult>;
};

let nextToken = 1;

export async function taskAwareCall(
  ctx: TaskCallContext & { protocolVersion: string },
  call: TaskCall,
): Promise<McpToolCallResult> {
  const token = call.onProgress !== undefined ? `task-progress-${nextToken++}` : undefined;
  const rpc = rpcFor(
    ctx,
    call.wire,
    token !== undefined && call.onProgress !== undefined ? { token, onProgress: call.onProgress } : undefined,
  );
  const out = await rpc.callTool(
    call.name,
    call.args,
    token !== undefined ? { ...call.meta, progressToken: token } : call.meta,
    call.signal,
  );
  if (out.kind === 'task') return call.onTask(out.task, rpc.wire);
  if (!Array.isArray(out.result.content))
    throw new TaskRpcError('format', `The server's result for "${call.name}" has no content list.`);
  return toCallResult(out.result as unknown as Parameters<typeof toCallResult>[0]);
}

/** The wire alone, to follow a task stored before a reload. */
export function taskWireFor(ctx: TaskCallContext & { protocolVersion: string }): TaskWire {
  return rpcFor(ctx, undefined).wire;
}

function rpcFor(
  ctx: TaskCallContext & { protocolVersion: string },
  sink: McpWireMessage[] | undefined,
  progress?: { token: string; onProgress: (p: McpProgress) => void },
): TaskRpc {
  const provider = ctx.authProvider;
  const onLog = ctx.onLog;
  const log = sink !== undefined ? createTaskWireLog(sink) : undefined;
  return createTaskRpc({
    onNotification: (method, params) => {
      log?.notification(method, params);
      if (
        method === 'notifications/progress' &&
        progress !== undefined &&
        params.progressToken === progress.token &&
        typeof params.progress === 'number'
      ) {
        progress.onProgress({
          progress: params.progress,
          ...(typeof params.total === 'number' ? { total: params.total } : {}),
          ...(typeof params.message === 'string' ? { message: params.message } : {}),
        });
      } else if (
        method === 'notifications/message' &&
        onLog !== undefined &&
        typeof params.level === 'string' &&
        LOG_LEVELS.has(params.level)
      ) {
        onLog({
          level: params.level as McpLogLevel,
          ...(typeof params.logger === 'string' ? { logger: params.logger } : {}),
          data: params.data,
        });
      }
    },
    url: ctx.url,
    fetch: ctx.fetch,
    protocolVersion: ctx.protocolVersion,
    clientInfo: ctx.clientInfo,
    clientCapabilities: ctx.clientCapabilities,
    ...(provider !== undefined
      ? {
          authorization: async () => {
            const token = (await provider.tokens())?.access_token;
            return token !== undefined ? `Bearer ${token}` : undefined;
          },
        }
      : {}),
    ...(log !== undefined ? { onMessage: log.message } : {}),
  });
}
