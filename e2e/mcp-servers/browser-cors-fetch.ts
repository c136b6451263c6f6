/**
 * A fetch for Node tests that applies a browser's CORS rules for a page at `pageOrigin`, over real sockets: the
 * preflight is a real OPTIONS request to the server, a refused request fails with the same bare TypeError a
 * browser gives, and response headers the server does not expose are hidden. It lets tests drive a CORS-less or
 * half-configured server through the MCP client as a page would, which Node's own fetch (no CORS at all) cannot.
 *
 * Simplified from the Fetch standard: no credentials mode, no preflight cache, no redirects across origins.
 */

const SAFELISTED_REQUEST = new Set(['accept', 'accept-language', 'content-language']);
const SIMPLE_CONTENT_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);
const SIMPLE_METHODS = new Set(['GET', 'HEAD', 'POST']);
const SAFELISTED_RESPONSE = [
  'cache-control',
  'content-language',
  'content-length',
  'content-type',
  'expires',
  'last-modified',
  'pragma',
];

const refused = () => new TypeError('Failed to fetch');

export function createBrowserCorsFetch(pageOrigin: string, base: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    if (url.origin === pageOrigin) return base(url, init);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const unsafe = [...headers.keys()].filter((name) => !isSafelisted(name, headers.get(name) ?? '')).sort();
    if (!SIMPLE_METHODS.has(method) || unsafe.length > 0) {
      let preflight: Response;
      try {
        preflight = await base(url, {
          method: 'OPTIONS',
          headers: {
            origin: pageOrigin,
            'access-control-request-method': method,
            ...(unsafe.length > 0 ? { 'access-control-request-headers': unsafe.join(',') } : {}),
          },
          ...(init?.signal ? { signal: init.signal } : {}),
        });
      } catch {
        throw refused();
      }
      await preflight.body?.cancel();
      if (preflight.status < 200 || preflight.status > 299 || !originAllowed(preflight, pageOrigin)) throw refused();
      const allowedMethods = listHeader(preflight, 'access-control-allow-methods');
      if (
        !SIMPLE_METHODS.has(method) &&
        !allowedMethods.includes(method.toLowerCase()) &&
        !allowedMethods.includes('*')
      )
        throw refused();
      const allowedHeaders = listHeader(preflight, 'access-control-allow-headers');
      for (const name of unsafe) {
        // '*' does not cover Authorization.
        if (!allowedHeaders.includes(name) && !(allowedHeaders.includes('*') && name !== 'authorization'))
          throw refused();
      }
    }
    headers.set('origin', pageOrigin);
    let response: Response;
    try {
      response = await base(url, { ...init, headers });
    } catch (error) {
      if (init?.signal?.aborted) throw error;
      throw refused();
    }
    if (!originAllowed(response, pageOrigin)) {
      await response.body?.cancel();
      throw refused();
    }
    const exposed = new Set([...SAFELISTED_RESPONSE, ...listHeader(response, 'access-control-expose-headers')]);
    const visible = new Headers();
    response.headers.forEach((value, name) => {
      if (exposed.has(name) || exposed.has('*')) visible.set(name, value);
    });
    const status = response.status;
    // A Response cannot be built with a status below 200; those (101) never reach a page either.
    return new Response(status === 204 || status === 205 || status === 304 ? null : response.body, {
      status,
      statusText: response.statusText,
      headers: visible,
    });
  };
}

function isSafelisted(name: string, value: string): boolean {
  if (SAFELISTED_REQUEST.has(name)) return true;
  if (name === 'content-type') return SIMPLE_CONTENT_TYPES.has(value.split(';')[0]?.trim().toLowerCase() ?? '');
  return false;
}

function originAllowed(response: Response, pageOrigin: string): boolean {
  const allow = response.headers.get('access-control-allow-origin');
  return allow === '*' || allow === pageOrigin;
}

function listHeader(response: Response, name: string): string[] {
  return (response.headers.get(name) ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
}

/** Node's stand-in for a browser's `no-cors` request: any answer at all means the server is reachable. */
export async function nodeNoCorsProbe(url: string): Promise<'reachable' | 'unreachable'> {
  try {
    const response = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return 'reachable';
  } catch {
    return 'unreachable';
  }
}
