/** A real HTTP server on 127.0.0.1 for tools to call, recording every request it gets. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startHttpShell } from '../mcp-servers/http-shell';
import type { ReceivedRequest, RequestRecorder } from '../mcp-servers/recorder';

type Seen = ReceivedRequest;
export type TestServer = { origin: string; seen: readonly Seen[]; recorder: RequestRecorder; close(): Promise<void> };

/** Lets a page read any answer: any origin, method and header; `location` exposed for the redirect checks. */
function openCors(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
    'access-control-expose-headers': 'location',
  };
}

/**
 * A server on 127.0.0.1 that lets this page read its answers (CORS for any origin, method and header) and records
 * every request it gets, preflights included (the shell of the MCP test servers, e2e/mcp-servers/http-shell.ts).
 */
export async function startServer(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<TestServer> {
  const shell = await startHttpShell(
    { tag: 'recording-server', cors: { headers: openCors }, corsOn: 'every-response' },
    handle,
  );
  return { origin: shell.origin, seen: shell.recorder.requests, recorder: shell.recorder, close: shell.close };
}
