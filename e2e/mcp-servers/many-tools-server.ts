/**
 * A 2026-07-28 MCP server with many ordinary tools (v2 server SDK, node:http, 127.0.0.1, port 0), for the bench
 * that lists and offers hundreds of tools: each tool has a title, a description of a few sentences, an input
 * schema of several typed properties and annotations, like the tools people install.
 *
 *   const s = await startManyToolsServer({ prefix: 'files', count: 40 });
 *   s.url; s.calls(); await s.close();
 */
import { createMcpHandler, fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { serveWithFetchHandler } from './fetch-bridge';
import { startHttpShell } from './http-shell';

export type ManyToolsServer = { url: string; name: string; toolNames: string[]; close(): Promise<void> };

export async function startManyToolsServer(options: { prefix: string; count: number }): Promise<ManyToolsServer> {
  const toolNames = Array.from(
    { length: options.count },
    (_, i) => `${options.prefix}-tool-${String(i).padStart(3, '0')}`,
  );
  const name = `bench-${options.prefix}`;
  const build = () => {
    const server = new McpServer({ name, version: '1.0.0' });
    for (const [i, tool] of toolNames.entries()) {
      server.registerTool(
        tool,
        {
          title: `${options.prefix} operation ${i}`,
          description:
            `Performs operation ${i} of the ${options.prefix} service. ` +
            'It reads the named item, applies the options given and returns a short summary of what changed. '.repeat(
              2,
            ),
          inputSchema: fromJsonSchema({
            type: 'object',
            properties: {
              path: { type: 'string', title: 'Path', description: 'Which item to work on.' },
              limit: {
                type: 'integer',
                minimum: 1,
                maximum: 1000,
                default: 10,
                description: 'How many results at most.',
              },
              mode: { type: 'string', enum: ['fast', 'thorough', 'dry-run'], description: 'How to proceed.' },
              recursive: { type: 'boolean', description: 'Whether to descend into children.' },
              tags: { type: 'array', items: { type: 'string' }, description: 'Labels to filter by.' },
            },
            required: ['path'],
          }),
          annotations: { readOnlyHint: i % 2 === 0, openWorldHint: false },
        },
        async (args) => ({ content: [{ type: 'text', text: `${tool} done: ${JSON.stringify(args)}` }] }),
      );
    }
    return server;
  };
  const handler = createMcpHandler(build, { legacy: 'reject' });
  const shell = await startHttpShell(
    { tag: 'mcp-many', cors: 'full', record: false },
    (req, res, { body, cors, origin }) =>
      serveWithFetchHandler(req, res, body, origin, (request) => handler.fetch(request), cors),
  );
  return {
    url: shell.url('/mcp'),
    name,
    toolNames,
    close: async () => {
      await handler.close().catch(() => undefined);
      await shell.close();
    },
  };
}
