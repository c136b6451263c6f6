/**
 * The HTTP shell every test server on node:http shares (docs/architecture.md, Tests): it listens on 127.0.0.1 only
 * (port 0 picks a free port), reads the request body, records the request, answers CORS (an OPTIONS preflight gets
 * 204), and turns a handler that throws into a 500 with one tagged line on stderr, so a broken test server shows up
 * in the test's output instead of as a hung request.
 *
 *   const shell = await startHttpShell({ tag: 'mcp-modern', cors: 'full' }, async (req, res, { url, body, cors }) => { ... });
 *   shell.url('/mcp'); shell.recorder.requests; await shell.close();
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { corsHeadersFor, type CorsMode } from './cors-policy';
import { readBody } from './fetch-bridge';
import { RequestRecorder } from './recorder';

/** What the shell hands the handler: the parsed URL, the whole body, the CORS headers its answers carry, its origin. */
type ShellRequest = { url: URL; body: Buffer; cors: Record<string, string>; origin: string };

export type ShellHandler = (req: IncomingMessage, res: ServerResponse, request: ShellRequest) => void | Promise<void>;

/**
 * Which CORS headers a request gets: a fixed mode of cors-policy.ts, a mode read at each request (so a test may
 * switch it on a running server), or headers of the server's own (a server that is not an MCP server).
 */
type ShellCors =
  | CorsMode
  | { mode: () => CorsMode }
  | { headers: (req: IncomingMessage, url: URL) => Record<string, string> };

export type HttpShellOptions = {
  /** Names the server in the stderr line of a thrown handler: `[tag] <stack>`. */
  tag: string;
  /** Default 0: a free port. */
  port?: number;
  cors: ShellCors;
  /**
   * `handler` (default): the headers go only where the handler writes them (`request.cors`), so a 500 carries none;
   * `every-response`: they are set on the response first, so every answer carries them, the 500 included.
   */
  corsOn?: 'handler' | 'every-response';
  /** Default true; when false the recorder stays empty. */
  record?: boolean;
  /** The 500 a thrown handler answers with, when nothing was sent yet (default: an empty 500). */
  internalError?: (res: ServerResponse) => void;
};

export type HttpShell = {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The address of `path` on this server, e.g. url('/mcp'). */
  url(path: string): string;
  recorder: RequestRecorder;
  /** Drops every open connection (event streams included) and stops listening. */
  close(): Promise<void>;
};

function corsFor(policy: ShellCors, req: IncomingMessage, url: URL): Record<string, string> {
  if (typeof policy === 'string') return corsHeadersFor(req, policy);
  return 'mode' in policy ? corsHeadersFor(req, policy.mode()) : policy.headers(req, url);
}

export async function startHttpShell(options: HttpShellOptions, handler: ShellHandler): Promise<HttpShell> {
  const recorder = new RequestRecorder();
  let origin = '';
  const internalError = options.internalError ?? ((res: ServerResponse) => void res.writeHead(500).end());

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const body = await readBody(req);
    if (options.record !== false)
      recorder.record(req.method ?? 'GET', url.pathname + url.search, req.headers, body.toString('utf8'));
    const cors = corsFor(options.cors, req, url);
    if (options.corsOn === 'every-response')
      for (const [name, value] of Object.entries(cors)) res.setHeader(name, value);
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    await handler(req, res, { url, body, cors, origin });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      process.stderr.write(`[${options.tag}] ${error instanceof Error ? error.stack : String(error)}\n`);
      if (!res.headersSent) internalError(res);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    recorder,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
