/**
 * Playwright `test` with an `mcpPair` fixture besides `mock`: one MCP server of each generation for the test, the
 * project's own 2026-07-28 server (`modern`, v2 server SDK) and server-everything (`legacy`, 2025-11-25), each on
 * its own free port of 127.0.0.1, started before the test and closed after it. A spec that needs a server with
 * other options (a header it demands, another CORS mode) starts that one itself.
 *
 *   test('…', async ({ page, mock, mcpPair: { modern, legacy } }) => { … });
 */
import { startEverythingServer, type EverythingMcpServer } from '../mcp-servers/everything-server';
import { startModernMcpServer, type ModernMcpServer } from '../mcp-servers/modern-server';
import { test as base } from '../fixtures';

export type McpPair = { modern: ModernMcpServer; legacy: EverythingMcpServer };

export const test = base.extend<{ mcpPair: McpPair }>({
  // Playwright reads the fixture's dependencies from this destructuring, so it must stay a pattern.
  // eslint-disable-next-line no-empty-pattern
  mcpPair: async ({}, use) => {
    const [modern, legacy] = await Promise.all([startModernMcpServer(), startEverythingServer()]);
    await use({ modern, legacy });
    await Promise.all([modern.close(), legacy.close()]);
  },
});

export { expect, type MockServer } from '../fixtures';
