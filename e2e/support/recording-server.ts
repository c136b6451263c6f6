/** A real HTTP server on 127.0.0.1 for tools to call, recording every request it gets. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Seen = { method: string; path: string; headers: http.IncomingHttpHeaders };
export type TestServer = { origin: string; seen: Seen[]; close(): Promise<void> };

/**
 * A server on 127.0.0.1 that lets this page read its answers (CORS for any origin, method and header) and records
 * every request it gets, preflights included.
 */
export async function startServer(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<TestServer> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
    res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
    res.setHeader('access-control-expose-headers', 'location');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
