/**
 * A 2026-07-28 MCP server for Toolscope's tests, built on the v2 server SDK (`createMcpHandler`), on node:http,
 * 127.0.0.1 only (port 0 picks a free port).
 *
 *   const s = await startModernMcpServer({ cors: 'full' });
 *   s.url                      // http://127.0.0.1:<port>/mcp
 *   s.recorder.requests        // every request as received (headers, body)
 *   await s.waitForEvent((e) => e.kind === 'cancelled');
 *   await s.close();
 *
 * Tools: see modern-tools.ts. Other paths: /not-mcp (404 page), /redirect-same (307 to /mcp),
 * /redirect-away?to=<url> (307 to another address), POST /control/fault?mode=<fault> (see setFault).
 */
import { randomBytes } from 'node:crypto';
import { createMcpHandler } from '@modelcontextprotocol/server';
import type { CorsMode } from './cors-policy';
import { serveWithFetchHandler } from './fetch-bridge';
import { answerWithFault, parseFault, type McpFault } from './faults';
import { startHttpShell } from './http-shell';
import { buildModernServer, type ToolEvent } from './modern-tools';
import type { RequestRecorder } from './recorder';

export type ModernServerOptions = {
  port?: number;
  cors?: CorsMode;
  /** 'reject' (default) serves only 2026-07-28; 'stateless' also answers 2025-era clients, without sessions. */
  legacy?: 'reject' | 'stateless';
  /** When set, requests without this header value get 401 with a WWW-Authenticate challenge. */
  requireHeader?: { name: string; value: string };
  /**
   * OAuth-protected: requests whose Authorization header this refuses get 401; the protected-resource metadata names
   * these servers (read at each request, so a test can move the server to another one). `challengeScope` goes in
   * the 401's WWW-Authenticate; `scopeFor` names the scope a JSON-RPC method needs, and a token without it
   * (`hasScope`) gets 403 insufficient_scope naming that scope.
   */
  oauth?: {
    authorizationServers: string[];
    accepts: (authorization: string | undefined) => boolean;
    challengeScope?: string;
    scopeFor?: (rpcMethod: string | null) => string | null;
    hasScope?: (authorization: string | undefined, scope: string) => boolean;
  };
  /** Offers one resource, test://notes/today, with this text at first (see updateNote). */
  note?: string;
};

export type ModernMcpServer = {
  url: string;
  origin: string;
  recorder: RequestRecorder;
  events: ToolEvent[];
  waitForEvent(match: (e: ToolEvent) => boolean): Promise<ToolEvent>;
  setCors(mode: CorsMode): void;
  /** From the next request on, answers tools/call or tools/list wrongly on purpose (faults.ts); 'none' heals it. */
  setFault(fault: McpFault): void;
  /** Registers another tool and tells listening clients the tool list changed. */
  addTool(name: string): void;
  /** Changes the note resource's text and tells subscribed clients (subscriptions/listen) it changed. */
  updateNote(text: string): void;
  close(): Promise<void>;
};

export async function startModernMcpServer(options: ModernServerOptions = {}): Promise<ModernMcpServer> {
  let cors: CorsMode = options.cors ?? 'full';
  let fault: McpFault = 'none';
  const events: ToolEvent[] = [];
  const waiters = new Set<() => void>();
  const extra: string[] = [];
  const stateKey = randomBytes(32);
  const record = (e: ToolEvent) => {
    events.push(e);
    for (const w of [...waiters]) w();
  };
  let note = options.note;
  const handler = createMcpHandler(
    () =>
      buildModernServer(
        { record, extraTools: () => extra, ...(note !== undefined ? { note: () => note ?? '' } : {}) },
        stateKey,
      ),
    {
      legacy: options.legacy ?? 'reject',
    },
  );

  const shell = await startHttpShell(
    { tag: 'mcp-modern', port: options.port, cors: { mode: () => cors } },
    async (req, res, { url, body, cors: corsHeaders, origin }) => {
      if (url.pathname === '/control/fault' && req.method === 'POST') {
        const mode = parseFault(url.searchParams.get('mode'));
        if (mode !== undefined) fault = mode;
        res.writeHead(mode !== undefined ? 204 : 400, corsHeaders).end();
        return;
      }
      if (url.pathname === '/redirect-same') {
        res.writeHead(307, { ...corsHeaders, location: '/mcp' }).end();
        return;
      }
      if (url.pathname === '/redirect-away') {
        res.writeHead(307, { ...corsHeaders, location: url.searchParams.get('to') ?? '/' }).end();
        return;
      }
      if (options.oauth !== undefined && url.pathname.startsWith('/.well-known/oauth-protected-resource')) {
        res
          .writeHead(200, { ...corsHeaders, 'content-type': 'application/json' })
          .end(
            JSON.stringify({ resource: `${origin}/mcp`, authorization_servers: options.oauth.authorizationServers }),
          );
        return;
      }
      if (url.pathname !== '/mcp') {
        res.writeHead(404, { ...corsHeaders, 'content-type': 'text/html' }).end('<h1>Not found</h1>');
        return;
      }
      const need = options.requireHeader;
      if (need !== undefined && req.headers[need.name.toLowerCase()] !== need.value) {
        res
          .writeHead(401, {
            ...corsHeaders,
            'content-type': 'application/json',
            'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource"`,
          })
          .end(JSON.stringify({ error: 'unauthorized' }));
        return;
      }
      const oauth = options.oauth;
      if (oauth !== undefined && !oauth.accepts(req.headers.authorization)) {
        const scope = oauth.challengeScope !== undefined ? `scope="${oauth.challengeScope}", ` : '';
        res
          .writeHead(401, {
            ...corsHeaders,
            'content-type': 'application/json',
            'www-authenticate': `Bearer ${scope}resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
          })
          .end(JSON.stringify({ error: 'invalid_token' }));
        return;
      }
      const needed = oauth?.scopeFor?.(rpcMethodOf(body.toString('utf8'))) ?? null;
      if (oauth !== undefined && needed !== null && oauth.hasScope?.(req.headers.authorization, needed) !== true) {
        res
          .writeHead(403, {
            ...corsHeaders,
            'content-type': 'application/json',
            'www-authenticate': `Bearer error="insufficient_scope", scope="${needed}", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
          })
          .end(JSON.stringify({ error: 'insufficient_scope' }));
        return;
      }
      if (answerWithFault(fault, body, res, corsHeaders)) return;
      await serveWithFetchHandler(req, res, body, origin, (request) => handler.fetch(request), corsHeaders);
    },
  );

  return {
    url: shell.url('/mcp'),
    origin: shell.origin,
    recorder: shell.recorder,
    events,
    setCors: (mode) => {
      cors = mode;
    },
    setFault: (next) => {
      fault = next;
    },
    updateNote: (text) => {
      note = text;
      handler.notify.resourceUpdated('test://notes/today');
    },
    addTool: (name) => {
      extra.push(name);
      handler.notify.toolsChanged();
    },
    waitForEvent: (match) =>
      new Promise((resolve) => {
        const check = () => {
          const found = events.find(match);
          if (found === undefined) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      }),
    close: async () => {
      await handler.close().catch(() => undefined);
      await shell.close();
    },
  };
}

function rpcMethodOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null && 'method' in parsed && typeof parsed.method === 'string'
      ? parsed.method
      : null;
  } catch {
    return null;
  }
}
