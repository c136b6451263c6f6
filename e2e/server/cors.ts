import type { IncomingMessage } from 'node:http';

const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'accept',
  'openai-organization',
  'openai-project',
  'openai-beta',
  'idempotency-key',
  'x-stainless-arch',
  'x-stainless-lang',
  'x-stainless-os',
  'x-stainless-package-version',
  'x-stainless-retry-count',
  'x-stainless-runtime',
  'x-stainless-runtime-version',
  'x-stainless-timeout',
  'x-stainless-async',
  'x-stainless-helper-method',
  'x-stainless-poll-helper',
  'x-stainless-custom-poll-interval',
];

const EXPOSED_HEADERS = [
  'retry-after',
  'retry-after-ms',
  'x-request-id',
  'openai-processing-ms',
  'x-ratelimit-limit-requests',
  'x-ratelimit-remaining-requests',
  'x-ratelimit-reset-requests',
  'x-ratelimit-limit-tokens',
  'x-ratelimit-remaining-tokens',
  'x-ratelimit-reset-tokens',
];

/**
 * Headers that let the page's origin read our responses. The origin is echoed rather than `*` so
 * credentialed requests work too; requested headers are echoed so new x-stainless-* headers from a
 * newer SDK never break the preflight.
 */
export function corsHeaders(req: IncomingMessage, enabled: boolean): Record<string, string> {
  if (!enabled) return {};
  const origin = req.headers.origin;
  const requested = req.headers['access-control-request-headers'];
  const allowHeaders = new Set(ALLOWED_HEADERS);
  if (typeof requested === 'string')
    for (const h of requested.split(',')) if (h.trim()) allowHeaders.add(h.trim().toLowerCase());
  const headers: Record<string, string> = {
    'access-control-allow-origin': origin ?? '*',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': [...allowHeaders].join(', '),
    'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
    // No preflight caching: a test may switch CORS off on a running server.
    'access-control-max-age': '0',
    vary: 'Origin',
  };
  if (origin) headers['access-control-allow-credentials'] = 'true';
  if (req.headers['access-control-request-private-network'] === 'true')
    headers['access-control-allow-private-network'] = 'true';
  return headers;
}
