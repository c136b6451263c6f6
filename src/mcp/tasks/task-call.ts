/**
 * A tools/call toward a server that offers the tasks extension (architecture.md, "MCP Tasks"): sent raw with the
 * extension declared, so the server may answer with a task handle; an ordinary result is converted as the SDK path
 * converts it, a handle is handed to the caller's follower with the wire for tasks/get, tasks/update, tasks/cancel.
 */
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import { MAX_WIRE_MESSAGES, MAX_WIRE_TEXT, type McpWireMessage } from '../../domain/mcp-call-trace';
import { toCallResult } from '../sdk-shapes';
import type { McpToolCallResult } from '../types';
import type { TaskWire } from './follow-task';
import { createTaskRpc, TaskRpcError, type TaskRpc } from './task-rpc';
import type { McpTask } from './task-shape';

export type TaskCallContext = {
  url: URL;
  fetch: typeof fetch;
  clientInfo: { name: string; version: string };
  clientCapabilities: Record<string, unknown>;
  authProvider?: OAuthClientProvider;
};

export type TaskCall = {
  name: string;
  args: Record<string, unknown>;
  meta: Record<string, unknown>;
  signal: AbortSignal;
  wire?: McpWireMessage[];
  onTask: (task: McpTask, wire: TaskWire) => Promise<McpToolCallResult>;
};

export async function taskAwareCall(ctx: TaskCallContext & { protocolVersion: string }, call: TaskCall): Promise<McpToolCallResult> {
  const rpc = rpcFor(ctx, call.wire);
  const out = await rpc.callTool(call.name, call.args, call.meta, call.signal);
  if (out.kind === 'task') return call.onTask(out.task, rpc.wire);
  if (!Array.isArray(out.result.content)) throw new TaskRpcError('format', `The server's result for "${call.name}" has no content list.`);
  return toCallResult(out.result as unknown as Parameters<typeof toCallResult>[0]);
}

/** The wire alone, to follow a task stored before a reload. */
export function taskWireFor(ctx: TaskCallContext & { protocolVersion: string }): TaskWire {
  return rpcFor(ctx, undefined).wire;
}

function rpcFor(ctx: TaskCallContext & { protocolVersion: string }, sink: McpWireMessage[] | undefined): TaskRpc {
  const started = Date.now();
  const provider = ctx.authProvider;
  return createTaskRpc({
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
    ...(sink !== undefined
      ? {
          onMessage: (dir: 'sent' | 'received', message: unknown) => {
            if (sink.length >= MAX_WIRE_MESSAGES) return;
            const json = JSON.stringify(message) ?? 'null';
            sink.push({ dir, t: Date.now() - started, json: json.length > MAX_WIRE_TEXT ? `${json.slice(0, MAX_WIRE_TEXT)}…` : json });
          },
        }
      : {}),
  });
}
