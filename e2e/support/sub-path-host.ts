/**
 * The built app served from a folder of a static host (`http://127.0.0.1:<port>/<prefix>/`), as a plain file
 * server would: no rewrites, nothing outside the prefix. Shows the page needs no server route of its own.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export async function serveUnderSubPath(prefix: string): Promise<{ url: string; close: () => Promise<void> }> {
  const root = path.resolve(process.env.E2E_DIST || 'dist');
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!pathname.startsWith(`/${prefix}/`)) {
      res.writeHead(404).end('outside the sub-path');
      return;
    }
    const rel = pathname.slice(prefix.length + 2) || 'index.html';
    const file = path.resolve(root, rel);
    if (!file.startsWith(root + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) =>
        res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${prefix}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
