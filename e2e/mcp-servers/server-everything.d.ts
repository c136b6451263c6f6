// The reference server ships JavaScript only; this is the one export the test mount uses.
declare module '@modelcontextprotocol/server-everything/dist/server/index.js' {
  import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
  export function createServer(): { server: McpServer; cleanup(sessionId?: string): void };
}
