/**
 * A run's tools with the enabled MCP servers' tools added: each server connected (or its live connection reused),
 * its enabled tools offered under unique model-facing names, approval as the person set it (by default: ask unless
 * the tool says it is read-only). Calls go through the same loop as every other tool: parallel, timeouts, Stop.
 */
import type { ToolExecutor, ToolHandle, ToolLog } from '../../../agent/tool-executor';
import { mcpNeedsApproval, mcpToolEnabled, type McpServerRecord } from '../../../domain/mcp-server';
import { createMcpToolHandles, mapToolNames, toRunResult, type ToolNameEntry } from '../../../mcp';
import type { McpLogMessage, SchemaCheck } from '../../../mcp/types';
import { defaultSchemaValidator } from '../../../tools/validation/default-validator';
import { connectMcp, watchMcpLogs, type LiveMcpServer } from './registry';
import { watchMcpSampling } from '../asks/sampling-use';
import type { McpSamplingUse } from '../../../domain/mcp-call-trace';
import { modelMayCall } from '../../../mcp/apps/tool-ui-meta';
import { withoutDialect2020 } from '../../../mcp/schema-dialect';
import { noteAppCall } from '../apps/app-views';
import { followToolTask } from '../tasks/task-follow';

/** MCP schemas go through the page's validation worker, cached under the MCP layer's id (recompiled when the schema changes). */
export const checkMcpSchema: SchemaCheck = (schema, value) =>
  defaultSchemaValidator().validateArgs({ id: schema.id, parameters: withoutDialect2020(schema.schema) }, value);

/** `outputLimitBytes`: the session's tool output limit, the same cut as every other tool's result. `sessionId`: the run's. */
type McpRunToolOptions = {
  outputLimitBytes?: number;
  sessionId?: string;
  connect?: (record: McpServerRecord) => Promise<LiveMcpServer | null>;
};

export async function mcpToolsFor(
  servers: readonly McpServerRecord[],
  reserved: readonly string[],
  opts: McpRunToolOptions = {},
): Promise<ToolHandle[]> {
  const connect = opts.connect ?? connectMcp;
  const connected = (
    await Promise.all(servers.filter((s) => s.enabled).map(async (s) => ({ record: s, live: await connect(s) })))
  ).filter((c): c is { record: McpServerRecord; live: LiveMcpServer } => c.live !== null);
  const offered = connected.map(({ record, live }) => ({
    record,
    live,
    tools: live.tools.filter((t) => mcpToolEnabled(record, t.name) && modelMayCall(t.ui)),
  }));
  const entries: ToolNameEntry[] = offered.flatMap(({ record, live, tools }) =>
    tools.map((t) => ({ serverKey: record.id, prefix: record.name || live.server.name, toolName: t.name })),
  );
  const names = mapToolNames(entries, reserved);
  return offered.flatMap(({ record, live, tools }) => {
    const { handles } = createMcpToolHandles(live.connection, tools, {
      serverKey: record.id,
      prefix: record.name || live.server.name,
      check: checkMcpSchema,
      names,
      ...(opts.outputLimitBytes !== undefined ? { outputLimitBytes: opts.outputLimitBytes } : {}),
      onTask: (ctx, task, wire, tool) =>
        followToolTask(ctx, task, wire, {
          serverId: record.id,
          serverName: record.name || live.server.name,
          serverUrl: record.url,
          toolName: tool.name,
          ...(opts.sessionId !== undefined ? { sessionId: opts.sessionId } : {}),
        }),
    });
    return handles.map((h): ToolHandle => {
      const tool = tools.find((t) => t.name === h.mcp.toolName);
      return {
        spec: h.spec,
        validate: h.validate,
        needsApproval: tool !== undefined ? mcpNeedsApproval(record, tool) : true,
        // Standing answers are kept per server and tool, and lapse when the tool changes (architecture.md, "Approvals").
        ...(h.approvalKey !== undefined ? { approvalKey: h.approvalKey } : {}),
        mcpServer: {
          serverId: record.id,
          serverName: record.name || live.server.name,
          protocolRevision: live.server.protocolRevision,
          ...(tool?.ui?.resourceUri !== undefined
            ? { view: { resourceUri: tool.ui.resourceUri, toolName: tool.name } }
            : {}),
        },
        wireMessages: h.wireMessages,
        run: async (args, ctx) => {
          const started = Date.now();
          const logs: ToolLog[] = [];
          const stop = watchMcpLogs(record.id, (m) => {
            if (logs.length < MAX_LOGS) logs.push(toToolLog(m, Date.now() - started));
          });
          const sampling: McpSamplingUse[] = [];
          const stopSampling = watchMcpSampling(record.id, (ran) => {
            sampling.push({
              model: ran.model,
              usage: ran.usage,
              startMs: Math.max(0, ran.startedAt - started),
              durationMs: ran.durationMs,
            });
          });
          try {
            const detailed = await h.runDetailed(args, ctx);
            if (tool?.ui?.resourceUri !== undefined)
              noteAppCall(ctx.callId, {
                serverId: record.id,
                serverName: record.name || live.server.name,
                tool,
                args,
                outcome: detailed,
              });
            const result = toRunResult(detailed);
            return {
              ...result,
              logs: [...result.logs, ...logs].sort((a, b) => a.t - b.t),
              ...(sampling.length > 0 ? { sampling } : {}),
            };
          } finally {
            stop();
            stopSampling();
          }
        },
      };
    });
  });
}

const MAX_LOGS = 1000;
const MAX_LOG_TEXT = 2000;
const LEVEL: Record<McpLogMessage['level'], ToolLog['level']> = {
  debug: 'log',
  info: 'info',
  notice: 'info',
  warning: 'warn',
  error: 'error',
  critical: 'error',
  alert: 'error',
  emergency: 'error',
};

/** A server's log message as a call's log line: text only, cut short (it is untrusted input, shown as text). */
export function toToolLog(message: McpLogMessage, t: number): ToolLog {
  const data = typeof message.data === 'string' ? message.data : (JSON.stringify(message.data) ?? String(message.data));
  const text = `${message.logger !== undefined ? `[${message.logger}] ` : ''}${data}`;
  return {
    level: LEVEL[message.level],
    text: text.length > MAX_LOG_TEXT ? `${text.slice(0, MAX_LOG_TEXT)}…` : text,
    t,
  };
}

/** The base executor's tools first, then the MCP servers' tools. */
export async function withMcpTools(
  base: ToolExecutor,
  servers: readonly McpServerRecord[],
  opts: McpRunToolOptions = {},
): Promise<ToolExecutor> {
  const own = base.list();
  const mcp = await mcpToolsFor(
    servers,
    own.map((h) => h.spec.name),
    opts,
  );
  if (mcp.length === 0) return base;
  const all = [...own, ...mcp];
  const byName = new Map(all.map((h) => [h.spec.name, h]));
  return { list: () => [...all], get: (name) => byName.get(name) };
}
