import { mcpToolEnabled, type McpServerRecord } from '../../../domain/mcp-server';
import type { ToolDefinition } from '../../../domain/tool-definition';
import { mapToolNames } from '../../../mcp/tool-names';

/**
 * The name each enabled MCP tool is offered to the model under, keyed "<server id>\0<tool name>": the same mapping
 * a run makes (store/mcp/connections/mcp-run-tools.ts), with the enabled tools' names taken first.
 */
export function mcpModelNames(
  servers: readonly McpServerRecord[],
  tools: readonly Pick<ToolDefinition, 'name' | 'enabled'>[],
): Map<string, string> {
  const entries = servers
    .filter((s) => s.enabled)
    .flatMap((s) =>
      (s.cache?.tools ?? [])
        .filter((t) => mcpToolEnabled(s, t.name))
        .map((t) => ({ serverKey: s.id, prefix: s.name || (s.cache?.server.name ?? ''), toolName: t.name })),
    );
  const reserved = tools.filter((t) => t.enabled).map((t) => t.name);
  return new Map(mapToolNames(entries, reserved).map((m) => [`${m.serverKey}\u0000${m.toolName}`, m.modelName]));
}
