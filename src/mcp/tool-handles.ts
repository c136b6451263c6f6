/**
 * MCP tools as the agent's ToolHandles. Approval defaults to asking unless the server marks the tool read-only
 * (annotations are hints from the server, so anything else, including no annotations, asks). Arguments and
 * structured results are checked with the injected validator. A run honours its signal: Stop or the loop's timeout
 * aborts it, and the SDK cancels the request the way the server's revision defines (2026-07-28: the request's
 * stream is closed; 2025-11-25: notifications/cancelled).
 */
import type { ToolHandle, ToolLog, ToolRunContext, ToolRunResult } from '../agent/tool-executor';
import type { McpConnection } from './connection';
import { shortThrownMessage } from './failure';
import { McpProtocolFaultError, protocolFaultSentence } from './protocol-fault';
import { McpMoreAccessError, McpSignInExpiredError } from './sign-in-expired-error';
import { mapToolNames, type ToolNameMapping } from './tool-names';
import { toCallOutcome } from './tool-result';
import { formatTraceparent } from './traceparent';
import { mcpApprovalKey } from './approval-key';
import type {
  McpCallOutcome,
  McpProgress,
  McpToolAnnotations,
  McpToolCallResult,
  McpToolInfo,
  SchemaCheck,
} from './types';
import type { McpWireMessage } from '../domain/mcp-call-trace';
import type { TaskWire } from './tasks/follow-task';
import type { McpTask } from './tasks/task-shape';
import { isRecord } from '../domain/is-record';

type McpToolHandleOptions = {
  /** A stable identity of the server in the app; names validator caches and the name mapping. */
  serverKey: string;
  /** The server's label: the model sees it before each tool name ("github"), a person in the sentence of a failure. */
  prefix: string;
  check: SchemaCheck;
  /** Names mapped across every server at once (mapToolNames); mapped for this server alone when absent. */
  names?: readonly ToolNameMapping[];
  /** Names already offered to the model (built-in and user tools), never reused. */
  reservedNames?: Iterable<string>;
  outputLimitBytes?: number;
  /** The trace and the span of this call, for the traceparent each request carries. */
  trace?: (callId: string) => { traceId: string; spanId: string } | undefined;
  /** The whole outcome of each call (media data, structured content), for the tool card. */
  onOutcome?: (callId: string, outcome: McpCallOutcome, tool: { serverKey: string; toolName: string }) => void;
  /** Follows a task a call is answered with (architecture.md, "MCP Tasks"); without it no task is asked for. */
  onTask?: (ctx: ToolRunContext, task: McpTask, wire: TaskWire, tool: McpToolInfo) => Promise<McpToolCallResult>;
};

export interface McpToolHandle extends ToolHandle {
  readonly mcp: { serverKey: string; toolName: string; annotations?: McpToolAnnotations };
  runDetailed(args: unknown, ctx: ToolRunContext): Promise<McpCallOutcome>;
  /** The JSON-RPC messages of a recent call so far (the loop reads them when it stops waiting for one). */
  wireMessages(callId: string): McpWireMessage[] | undefined;
}

/** Recent calls' message lists, kept for a stop that gives up on a call before it answers. */
const RECENT_WIRES = 64;

function approvalDefault(annotations: McpToolAnnotations | undefined): 'ask' | 'allow' {
  return annotations?.readOnlyHint === true ? 'allow' : 'ask';
}

export function createMcpToolHandles(
  connection: Pick<McpConnection, 'callTool'>,
  tools: readonly McpToolInfo[],
  options: McpToolHandleOptions,
): { handles: McpToolHandle[]; names: ToolNameMapping[] } {
  const names =
    options.names?.filter((n) => n.serverKey === options.serverKey) ??
    mapToolNames(
      tools.map((t) => ({ serverKey: options.serverKey, prefix: options.prefix, toolName: t.name })),
      options.reservedNames,
    );
  const modelName = new Map(names.map((n) => [n.toolName, n.modelName]));
  const handles = tools.flatMap((tool) => {
    const name = modelName.get(tool.name);
    return name === undefined ? [] : [toHandle(connection, tool, name, options)];
  });
  return { handles, names };
}

function toHandle(
  connection: Pick<McpConnection, 'callTool'>,
  tool: McpToolInfo,
  name: string,
  options: McpToolHandleOptions,
): McpToolHandle {
  const schemaId = `mcp:${options.serverKey}:${tool.name}`;

  const wires = new Map<string, McpWireMessage[]>();
  const runDetailed = async (args: unknown, ctx: ToolRunContext): Promise<McpCallOutcome> => {
    const logs: ToolLog[] = [];
    if (ctx.signal.aborted) return { outcome: 'error', content: 'Cancelled.', blocks: [], logs };
    const wire: McpWireMessage[] = [];
    wires.set(ctx.callId, wire);
    if (wires.size > RECENT_WIRES) wires.delete(wires.keys().next().value ?? '');
    const started = Date.now();
    // Progress is asked of the server only when someone watches the call; it travels as the call's tool progress
    // (architecture.md, "MCP facts on the spine").
    const watch = ctx.onProgress;
    const trace = options.trace?.(ctx.callId);
    const onTask = options.onTask;
    let outcome: McpCallOutcome;
    try {
      const result = await connection.callTool(tool.name, isRecord(args) ? args : {}, {
        signal: ctx.signal,
        timeoutMs: ctx.timeoutMs,
        wire,
        ...(ctx.capture !== undefined ? { capture: ctx.capture } : {}),
        ...(onTask !== undefined
          ? { onTask: (task: McpTask, taskWire: TaskWire) => onTask(ctx, task, taskWire, tool) }
          : {}),
        ...(trace !== undefined ? { traceparent: formatTraceparent(trace.traceId, trace.spanId) } : {}),
        ...(watch !== undefined
          ? {
              onProgress: (p: McpProgress) => {
                logs.push({ level: 'info', text: progressText(p), t: Date.now() - started });
                watch({ kind: 'mcp', progress: p });
              },
            }
          : {}),
      });
      outcome = await toCallOutcome(result, {
        tool,
        schemaId: `${schemaId}#output`,
        check: options.check,
        logs,
        ...(options.outputLimitBytes !== undefined ? { outputLimitBytes: options.outputLimitBytes } : {}),
      });
    } catch (error) {
      outcome = ctx.signal.aborted
        ? { outcome: 'error', content: 'Cancelled.', blocks: [], logs }
        : error instanceof McpSignInExpiredError || error instanceof McpMoreAccessError
          ? { outcome: 'error', content: error.message, blocks: [], logs }
          : error instanceof McpProtocolFaultError
            ? {
                outcome: 'error',
                content: `Error: ${protocolFaultSentence(options.prefix, error.fault)}`,
                blocks: [],
                logs,
              }
            : {
                outcome: 'error',
                content: `Error: the MCP server could not run "${tool.name}": ${shortThrownMessage(error)}`,
                blocks: [],
                logs,
              };
    }
    if (wire.length > 0) outcome = { ...outcome, mcpMessages: wire };
    options.onOutcome?.(ctx.callId, outcome, { serverKey: options.serverKey, toolName: tool.name });
    return outcome;
  };

  return {
    spec: {
      name,
      description: tool.description ?? tool.title ?? tool.annotations?.title ?? '',
      parameters: tool.inputSchema,
    },
    needsApproval: approvalDefault(tool.annotations) === 'ask',
    // Standing answers are kept per server and tool, and lapse when the schema or annotations change (architecture.md, "Approvals").
    approvalKey: mcpApprovalKey(options.serverKey, tool),
    mcp: {
      serverKey: options.serverKey,
      toolName: tool.name,
      ...(tool.annotations !== undefined ? { annotations: tool.annotations } : {}),
    },
    validate: (args) => options.check({ id: `${schemaId}#input`, schema: tool.inputSchema }, args),
    runDetailed,
    wireMessages: (callId) => wires.get(callId),
    run: async (args, ctx) => toRunResult(await runDetailed(args, ctx)),
  };
}

function progressText(p: McpProgress): string {
  const amount = p.total !== undefined ? `${p.progress}/${p.total}` : String(p.progress);
  return p.message !== undefined ? `progress ${amount}: ${p.message}` : `progress ${amount}`;
}

/** What the loop keeps of an MCP call's outcome: the model's text and images, the logs, the wire messages. */
export function toRunResult(o: McpCallOutcome): ToolRunResult {
  return {
    outcome: o.outcome,
    content: o.content,
    logs: o.logs,
    ...(o.images !== undefined ? { images: o.images } : {}),
    ...(o.mcpMessages !== undefined ? { mcpMessages: o.mcpMessages } : {}),
  };
}
