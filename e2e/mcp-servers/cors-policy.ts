import type { IncomingMessage } from 'node:http';

/**
 * How a test MCP server answers cross-origin requests, so the client's CORS diagnosis can be exercised:
 * - `full`: any origin, any requested header, and the MCP response headers exposed;
 * - `none`: no CORS headers at all (a server never meant for browsers);
 * - `no-mcp-headers`: an allow-list written before the MCP headers existed (content-type, accept, authorization);
 * - `no-expose`: requests pass, but no response header is exposed (Mcp-Session-Id and WWW-Authenticate stay hidden).
 */
export type CorsMode = 'full' | 'none' | 'no-mcp-headers' | 'no-expose';

export const CORS_MODES: readonly CorsMode[] = ['full', 'none', 'no-mcp-headers', 'no-expose'];

const EXPOSED = ['mcp-session-id', 'mcp-protocol-version', 'www-authenticate', 'last-event-id'];
const OLD_ALLOW_LIST = ['content-type', 'accept', 'authorization'];

export function corsHeadersFor(req: IncomingMessage, mode: CorsMode): Record<string, string> {
  if (mode === 'none') return {};
  const requested = req.headers['access-control-request-headers'];
  const allow = mode === 'no-mcp-headers' ? OLD_ALLOW_LIST.join(', ') : typeof requested === 'string' ? requested : '';
  const headers: Record<string, string> = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    // Preflights are never cached: a test may switch modes on a running server.
    'access-control-max-age': '0',
  };
  if (allow !== '') headers['access-control-allow-headers'] = allow;
  if (mode === 'full') headers['access-control-expose-headers'] = EXPOSED.join(', ');
  return headers;
}
