/**
 * A 2026-07-28 MCP server with many ordinary tools (v2 server SDK, node:http, 127.0.0.1, port 0), for the bench
 * that lists and offers hundreds of tools: each tool has a title, a description of a few sentences, an input
 * schema of several typed properties and annotations, like the tools people install.
 *
 *   const s = await startManyToolsServer({ prefix: 'files', count: 40 });
 *   s.url; s.calls(); await s.close();
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { corsHeadersFor } from './cors-policy';
import { readBody, serveWithFetchHandler } from './fetch-bridge';

export type ManyToolsServer = { url: string; name: string; toolNames: string[]; close(): Promise<void> };

export async function startManyToolsServer(options: { prefix: string; count: number }): Promise<ManyToolsServer> {
  const toolNames = Array.from({ length: options.count }, (_, i) => `${options.prefix}-tool-${String(i).padStart(3, '0')}`);
  const name = `bench-${options.prefix}`;
  const build = () => {
    const server = new McpServer({ name, version: '1.0.0' });
    for (const [i, tool] of toolNames.entries()) {
      server.registerTool(
        tool,
        {
          title: `${options.prefix} operation ${i}`,
          description: `Performs operation ${i} of the ${options.prefix} service. ${'It reads the named item, applies the options given and returns a short summary of what changed. '.repeat(2)}`,
          inputSchema: fromJsonSchema({
            type: 'object',
            properties: {
              path: { type: 'string', title: 'Path', description: 'Which item to work on.' },
              limit: { type: 'integer', minimum: 1, maximum: 1000, default: 10, description: 'How many results at most.' },
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
  let origin = '';
  const http = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const cors = corsHeadersFor(req, 'full');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors).end();
        return;
      }
      await serveWithFetchHandler(req, res, body, origin, (request) => handler.fetch(request), cors);
    })().catch((err: unknown) => {
      process.stderr.write(`[mcp-many] ${err instanceof Error ? err.stack : String(err)}\n`);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url: `${origin}/mcp`,
    name,
    toolNames,
    close: async () => {
      await handler.close().catch(() => undefined);
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
