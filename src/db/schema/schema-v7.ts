/**
 * v7: mcpViewEvents, what MCP App Views did and were told (domain/mcp-view-event.ts), keyed by session, opening
 * call and seq, so the timeline's View lane survives a reload (mcp-view-events-repo.ts). No record is rewritten.
 */
export const SCHEMA_V7_CHANGES = Object.freeze({
  mcpViewEvents: '[sessionId+callId+seq], sessionId',
});
