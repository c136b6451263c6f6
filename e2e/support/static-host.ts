/**
 * A plain static file host for the built app, on a free 127.0.0.1 port, as any static host would serve it: under
 * a path prefix of our choosing, with the frame-ancestors header on documents. Tests stop it to go offline and
 * can swap a file's bytes to publish a "new version".
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo, Socket } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export type StaticHost = {
  /** The app's address, ending in the prefix (e.g. http://127.0.0.1:port/any/sub/path/). */
  url: string;
  /** Paths (below the prefix) of every file served, in order. */
  served: string[];
  /** Serves `path` (below the prefix) with these bytes from now on. */
  replace(path: string, body: string): void;
  close(): Promise<void>;
};

export async function startStaticHost(dir: string, prefix = '/'): Promise<StaticHost> {
  const replaced = new Map<string, string>();
  const served: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if (!path.startsWith(prefix)) {
        res.writeHead(404).end('not found');
        return;
      }
      const rest = path.slice(prefix.length);
      const rel =
        rest === '' || rest.endsWith('/') ? `${rest}index.html` : normalize(rest).replace(/^(\.\.[/\\])+/, '');
      served.push(rel);
      try {
        const body = replaced.get(rel) ?? (await readFile(join(dir, rel)));
        const type = TYPES[extname(rel)] ?? 'application/octet-stream';
        const headers: Record<string, string> = { 'content-type': type, 'cache-control': 'no-cache' };
        // The MCP App sandbox page is the one document the app frames itself (build/csp.ts).
        if (type.startsWith('text/html'))
          headers['content-security-policy'] = rel.endsWith('mcp-app-sandbox.html')
            ? "frame-ancestors 'self'"
            : "frame-ancestors 'none'";
        res.writeHead(200, headers).end(body);
      } catch {
        res.writeHead(404).end('not found');
      }
    })();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    served,
    replace: (path, body) => replaced.set(path, body),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}
