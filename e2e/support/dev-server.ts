/**
 * Vite's dev server on 127.0.0.1 (a free port) for specs that need the app unbuilt. Every module the page loads
 * lazily must be named in `entries`: Vite's start-up scan then finds all their dependencies, so none is discovered
 * late, which would make Vite reload the page mid-test on a fresh clone.
 */
import { createServer, type ViteDevServer } from 'vite';

export type DevServer = { server: ViteDevServer; url: string };

export async function startDevServer(entries: string[], include: string[] = []): Promise<DevServer> {
  const server = await createServer({
    server: { port: 0, host: '127.0.0.1', strictPort: false },
    optimizeDeps: { entries: ['index.html', ...entries], include },
    logLevel: 'error',
    clearScreen: false,
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('dev server has no port');
  return { server, url: `http://127.0.0.1:${address.port}/` };
}
