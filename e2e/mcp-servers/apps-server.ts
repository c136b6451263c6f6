/**
 * An MCP server with an MCP App, for the Apps host's tests: built on the v2 server SDK, answering both the
 * 2026-07-28 and (stateless) 2025-11-25 generations, on 127.0.0.1 only (port 0 picks a free port).
 *
 * Tools: `show_board` opens the View (ui://toolscope-test/board, no declared domains, so no network);
 * `app_echo` is visible to Views only; `model_only` is visible to the model only; `pin_card` is not read-only, so
 * a call to it waits for the person (a run held between two requests). `/open` answers any origin (CORS
 * `*`) and counts its hits: the View's fetch to it must be stopped by the frame's policy, not by CORS.
 * With `factory`, it serves another App server (the official examples listen on every interface by themselves;
 * here their factory is served on loopback).
 */
import { createMcpHandler, fromJsonSchema, McpServer, type JsonSchemaType } from '@modelcontextprotocol/server';
import { boardViewHtml } from './apps/board-view';
import { serveWithFetchHandler } from './fetch-bridge';
import { startHttpShell } from './http-shell';

const BOARD_URI = 'ui://toolscope-test/board';
const MCP_APP_MIME = 'text/html;profile=mcp-app';

type AppsServerCall = { tool: string; args: unknown; at: number };

export type AppsMcpServer = {
  url: string;
  origin: string;
  calls: AppsServerCall[];
  /** Hits on /open, the origin the View must not reach. */
  openHits(): number;
  close(): Promise<void>;
};

const obj = (properties: Record<string, JsonSchemaType>, required: string[] = []): JsonSchemaType => ({
  type: 'object',
  properties,
  required,
});

function buildAppsServer(origin: string, calls: AppsServerCall[]): McpServer {
  const server = new McpServer({ name: 'toolscope-apps-test', version: '1.0.0' }, { capabilities: {} });
  const record = (tool: string, args: unknown) => calls.push({ tool, args, at: Date.now() });
  server.registerTool(
    'show_board',
    {
      title: 'Show board',
      description: 'Shows the board view.',
      inputSchema: fromJsonSchema(obj({ label: { type: 'string' } }, ['label'])),
      annotations: { readOnlyHint: true },
      _meta: { ui: { resourceUri: BOARD_URI, visibility: ['model', 'app'] } },
    },
    async (args) => {
      const label = String((args as { label?: unknown }).label);
      record('show_board', args);
      return { content: [{ type: 'text', text: `board for ${label}` }], structuredContent: { label, cards: 3 } };
    },
  );
  server.registerTool(
    'app_echo',
    {
      description: 'Echo for the view only.',
      inputSchema: fromJsonSchema(obj({ text: { type: 'string' } }, ['text'])),
      annotations: { readOnlyHint: true },
      _meta: { ui: { visibility: ['app'] } },
    },
    async (args) => {
      record('app_echo', args);
      return { content: [{ type: 'text', text: `app echo: ${String((args as { text?: unknown }).text)}` }] };
    },
  );
  server.registerTool(
    'model_only',
    {
      description: 'A tool only the model may call.',
      inputSchema: fromJsonSchema(obj({ text: { type: 'string' } })),
      annotations: { readOnlyHint: true },
      _meta: { ui: { visibility: ['model'] } },
    },
    async (args) => {
      record('model_only', args);
      return { content: [{ type: 'text', text: 'model only ran' }] };
    },
  );
  server.registerTool(
    'pin_card',
    {
      description: "Pins a card (not read-only, so the model's call asks the person first).",
      inputSchema: fromJsonSchema(obj({ card: { type: 'number' } })),
    },
    async (args) => {
      record('pin_card', args);
      return { content: [{ type: 'text', text: 'pinned' }] };
    },
  );
  server.registerResource('board', BOARD_URI, { title: 'Board view', mimeType: MCP_APP_MIME }, async () => ({
    contents: [
      {
        uri: BOARD_URI,
        mimeType: MCP_APP_MIME,
        text: boardViewHtml(`${origin}/open`),
        _meta: { ui: { prefersBorder: true } },
      },
    ],
  }));
  return server;
}

type AppsServerOptions = {
  /** Serves this server instead of the test App (e.g. an official example App's factory), on the same terms. */
  factory?: () => McpServer;
};

export async function startAppsMcpServer(options: AppsServerOptions = {}): Promise<AppsMcpServer> {
  const calls: AppsServerCall[] = [];
  let origin = '';
  let openHits = 0;
  const factory = options.factory ?? (() => buildAppsServer(origin, calls));
  const handler = createMcpHandler(factory, { legacy: 'stateless' });
  const shell = await startHttpShell(
    { tag: 'mcp-apps', cors: 'full', record: false },
    async (req, res, { url, body, cors }) => {
      if (url.pathname === '/open') {
        openHits += 1;
        res.writeHead(200, { ...cors, 'content-type': 'text/plain' }).end('reached');
        return;
      }
      if (url.pathname !== '/mcp') {
        res.writeHead(404, cors).end();
        return;
      }
      // The official examples speak only 2025-11-25: a 2026-07-28 request gets the answer a 2025 server gives to a
      // revision it does not know, so the client falls back to initialize.
      if (options.factory !== undefined && req.headers['mcp-protocol-version'] === '2026-07-28') {
        res.writeHead(400, { ...cors, 'content-type': 'application/json' }).end(
          JSON.stringify({
            jsonrpc: '2.0',
            error: {
              code: -32000,
              message: 'Bad Request: Unsupported protocol version (supported versions: 2025-11-25)',
            },
            id: null,
          }),
        );
        return;
      }
      await serveWithFetchHandler(req, res, body, origin, (request) => handler.fetch(request), cors);
    },
  );
  // The View's HTML names the origin: the factory reads it when the first request builds a server.
  origin = shell.origin;
  return {
    url: shell.url('/mcp'),
    origin,
    calls,
    openHits: () => openHits,
    close: async () => {
      await handler.close().catch(() => undefined);
      await shell.close();
    },
  };
}
