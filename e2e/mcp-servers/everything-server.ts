/**
 * `@modelcontextprotocol/server-everything` (the protocol's reference test server, 2025-11-25 generation) for
 * Toolscope's tests. Its own `streamableHttp` launcher binds every interface on a fixed PORT and never says which
 * port it got, so this mounts the package's server factory the way that launcher does (one SDK 1.x Streamable HTTP
 * transport per session, CORS for any origin exposing the MCP headers) on 127.0.0.1, port 0 allowed, and records
 * what it receives. Two deliberate differences: an unknown or expired session id gets 404, as the 2025-11-25
 * transport requires (the launcher answers 400), and `expireSessions()` drops every session to simulate expiry.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createServer as createEverything } from '@modelcontextprotocol/server-everything/dist/server/index.js';
import type { CorsMode } from './cors-policy';
import { startHttpShell, type ShellHandler } from './http-shell';
import type { RequestRecorder } from './recorder';

type EverythingServerOptions = { port?: number; cors?: CorsMode };

export type EverythingMcpServer = {
  url: string;
  origin: string;
  recorder: RequestRecorder;
  /** Ids of the sessions currently open. */
  sessions(): string[];
  expireSessions(): Promise<void>;
  setCors(mode: CorsMode): void;
  close(): Promise<void>;
};

type Session = { transport: StreamableHTTPServerTransport; cleanup: (sessionId?: string) => void };

function rpcError(res: ServerResponse, status: number, message: string): void {
  res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

export async function startEverythingServer(options: EverythingServerOptions = {}): Promise<EverythingMcpServer> {
  let cors: CorsMode = options.cors ?? 'full';
  const sessions = new Map<string, Session>();
  const handle: ShellHandler = async (req, res, { url, body }) => {
    if (url.pathname !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    const sessionHeader = req.headers['mcp-session-id'];
    const sessionId = typeof sessionHeader === 'string' ? sessionHeader : undefined;
    const session = sessionId === undefined ? undefined : sessions.get(sessionId);
    if (sessionId !== undefined && session === undefined) return rpcError(res, 404, 'Session not found');
    if (session !== undefined) {
      await session.transport.handleRequest(req, res, parseJson(body));
      return;
    }
    if (req.method !== 'POST') return rpcError(res, 400, 'Bad Request: No valid session ID provided');
    const { server, cleanup } = createEverything();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, cleanup });
      },
    });
    server.server.onclose = () => {
      const id = transport.sessionId;
      if (id !== undefined && sessions.delete(id)) cleanup(id);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, parseJson(body));
  };
  // CORS goes on every answer, the transport's own included, as the launcher this mirrors sets it (middleware).
  const shell = await startHttpShell(
    {
      tag: 'mcp-everything',
      port: options.port,
      cors: { mode: () => cors },
      corsOn: 'every-response',
      internalError: (res) => rpcError(res, 500, 'Internal server error'),
    },
    handle,
  );

  const closeAll = async () => {
    const open = [...sessions.values()];
    sessions.clear();
    await Promise.all(open.map((s) => s.transport.close().catch(() => undefined)));
  };

  return {
    url: shell.url('/mcp'),
    origin: shell.origin,
    recorder: shell.recorder,
    sessions: () => [...sessions.keys()],
    expireSessions: closeAll,
    setCors: (mode) => {
      cors = mode;
    },
    close: async () => {
      await closeAll();
      await shell.close();
    },
  };
}

function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}
