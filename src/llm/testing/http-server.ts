import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test-only: a real HTTP server on 127.0.0.1 with a handler swapped per test, recording what it saw. */

type SeenRequest = {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The body's bytes as received (a body that is not UTF-8 stays whole here). */
  bytes: Buffer;
  /** Resolves when the connection for this response closes; `completed` is false if it closed before the response ended. */
  closed: Promise<{ completed: boolean }>;
};

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void | Promise<void>;

export type TestServer = {
  baseURL: string;
  requests: SeenRequest[];
  handle(handler: Handler): void;
  close(): Promise<void>;
};

export async function startTestServer(): Promise<TestServer> {
  let handler: Handler = (_req, res) => {
    res.statusCode = 500;
    res.end('no handler');
  };
  const requests: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const closed = new Promise<{ completed: boolean }>((resolve) => {
      res.on('close', () => resolve({ completed: res.writableFinished }));
    });
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const bytes = Buffer.concat(parts);
      const body = bytes.toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, bytes, closed });
      void Promise.resolve(handler(req, res, body)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJSON(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function startSSE(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
}
