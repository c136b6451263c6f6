/**
 * "Try it" for an MCP tool: the same connection, argument check and call path a run uses (store/mcp/connections/mcp-run-tools.ts), by
 * hand from the Tools view. The outcome keeps the call's JSON-RPC messages, shown beside the result.
 */
import { DEFAULT_CONFIG } from '../../../domain/loop-config';
import type { McpServerRef } from '../../../domain/mcp-call-trace';
import type { McpServerRecord } from '../../../domain/mcp-server';
import { createMcpToolHandles } from '../../../mcp';
import type { McpCallOutcome } from '../../../mcp/types';
import { checkMcpSchema } from './mcp-run-tools';
import { connectMcp } from './registry';

export type McpTryOutcome =
  /** As a run's call is kept: the outcome with its JSON-RPC messages, which server in which revision, how long. */
  | { kind: 'ran'; outcome: McpCallOutcome; server: McpServerRef; durationMs: number }
  | { kind: 'invalid'; issues: { path: string; message: string }[] }
  | { kind: 'unavailable'; message: string };

export async function tryMcpTool(
  record: McpServerRecord,
  toolName: string,
  args: Record<string, unknown>,
  signal: AbortSignal,
): Promise<McpTryOutcome> {
  const live = await connectMcp(record);
  if (live === null) return { kind: 'unavailable', message: 'The server is not connected: its state above says why.' };
  const tool = live.tools.find((t) => t.name === toolName);
  if (tool === undefined) return { kind: 'unavailable', message: `The server no longer lists "${toolName}".` };
  const { handles } = createMcpToolHandles(live.connection, [tool], {
    serverKey: record.id,
    prefix: record.name || live.server.name,
    check: checkMcpSchema,
  });
  const handle = handles[0];
  if (handle === undefined)
    return { kind: 'unavailable', message: `"${toolName}" cannot be offered under a valid name.` };
  const issues = await handle.validate(args);
  if (issues.length > 0) return { kind: 'invalid', issues };
  const started = performance.now();
  const outcome = await handle.runDetailed(args, {
    signal,
    timeoutMs: DEFAULT_CONFIG.toolTimeoutMs,
    callId: `try-${crypto.randomUUID()}`,
  });
  const server = {
    serverId: record.id,
    serverName: record.name || live.server.name,
    protocolRevision: live.server.protocolRevision,
  };
  return { kind: 'ran', outcome, server, durationMs: Math.round(performance.now() - started) };
}
