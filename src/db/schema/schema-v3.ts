/** v3: the mcpServers table (MCP servers the person added, with their last tool list). Nothing to backfill. */
export const SCHEMA_V3_CHANGES = Object.freeze({
  mcpServers: 'id, createdAt',
});
