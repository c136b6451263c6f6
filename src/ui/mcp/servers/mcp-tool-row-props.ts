import type { McpServerRecord, McpToolSnapshot } from '../../../domain/mcp-server';

export type McpToolRowProps = { server: McpServerRecord; tool: McpToolSnapshot; modelName: string | undefined };

/**
 * Whether a tool row would show the same thing: its tool as listed, its model-facing name, this tool's choices and
 * the server fields the row reads. Every stored write to any server hands the Tools view new copies of every record;
 * without this, one server's write re-rendered all of its rows (architecture.md, "MCP in the app"). The row's
 * actions read the stored record when they run, so an older copy of the other tools' choices never matters.
 */
export function sameMcpToolRow(a: McpToolRowProps, b: McpToolRowProps): boolean {
  if (a.modelName !== b.modelName) return false;
  const s = a.server;
  const t = b.server;
  if (s !== t) {
    if (s.id !== t.id || s.url !== t.url || s.name !== t.name || s.enabled !== t.enabled || s.approval !== t.approval)
      return false;
    if (s.headerNames.join('\n') !== t.headerNames.join('\n')) return false;
    const x = s.toolChoices[a.tool.name];
    const y = t.toolChoices[b.tool.name];
    if (x?.enabled !== y?.enabled || x?.approval !== y?.approval) return false;
  }
  return a.tool === b.tool || JSON.stringify(a.tool) === JSON.stringify(b.tool);
}
