import type { McpServer } from '@modelcontextprotocol/server';

export const MODERN_NOTE_URI = 'test://notes/today';

/** The 2026-07-28 test server's one resource (only when a test asks for it): a note whose text the test changes. */
export function registerModernResources(server: McpServer, note: () => string): void {
  server.registerResource('today', MODERN_NOTE_URI, { title: "Today's note", mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: note() }],
  }));
}
