/**
 * Tells a CORS refusal from an unreachable server. A browser reports both as the same opaque network error, so:
 * a `no-cors` request (which needs no permission from the server) shows whether the server answers at all; if it
 * does, small CORS requests each carrying one of the failed request's headers (with dummy values, never a secret)
 * find which part of the server's CORS setup is missing.
 */
import type { CorsGap, McpFailure, NoCorsProbe } from './types';

// Request headers a page may send without a preflight (the Fetch standard's CORS-safelisted names).
const SAFELISTED = new Set(['accept', 'accept-language', 'content-language', 'range']);
const PROBE_TIMEOUT_MS = 5_000;

export type CorsProbeDeps = {
  /** The page's fetch, in its default (cors) mode for a cross-origin URL. */
  fetch: typeof fetch;
  probeNoCors: NoCorsProbe;
};

/** Why a request to `url` carrying `headerNames` failed as a network error, and what the person can do. */
export async function diagnoseNetworkFailure(
  url: string,
  headerNames: readonly string[],
  corsApplies: boolean,
  deps: CorsProbeDeps,
): Promise<McpFailure> {
  const host = new URL(url).host;
  const reach = await deps.probeNoCors(url).catch(() => 'unreachable' as const);
  if (reach === 'unreachable') {
    return {
      kind: 'unreachable',
      message: `Could not reach ${host}. Check the address, and that the server is running and reachable from this device.`,
    };
  }
  if (!corsApplies) {
    return {
      kind: 'unreachable',
      message: `${host} answers, but the connection failed while sending the request. Try again; if it keeps failing, the server's logs should say why.`,
    };
  }
  const gap = await findCorsGap(url, headerNames, deps.fetch);
  return { kind: 'cors', gap, message: corsMessage(host, gap) };
}

async function findCorsGap(url: string, headerNames: readonly string[], fetchImpl: typeof fetch): Promise<CorsGap> {
  if (!(await passes(fetchImpl, url, {}))) return { kind: 'allow-origin' };
  const suspects = [...new Set(headerNames.map((h) => h.toLowerCase()))].filter((h) => !SAFELISTED.has(h)).sort();
  const blocked: string[] = [];
  for (const name of suspects) {
    if (!(await passes(fetchImpl, url, { [name]: name === 'content-type' ? 'application/json' : 'x' })))
      blocked.push(name);
  }
  return blocked.length > 0 ? { kind: 'allow-headers', headers: blocked } : { kind: 'unknown', headers: suspects };
}

/** Whether a GET with these headers gets any response at all through the browser's CORS checks. */
async function passes(fetchImpl: typeof fetch, url: string, headers: Record<string, string>): Promise<boolean> {
  try {
    const response = await fetchImpl(url, {
      method: 'GET',
      headers: { accept: 'text/event-stream', ...headers },
      redirect: 'manual',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    // A server may open an event stream on GET; the answer is all that was needed.
    await response.body?.cancel().catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

export function corsMessage(host: string, gap: CorsGap): string {
  switch (gap.kind) {
    case 'allow-origin':
      return (
        `${host} does not accept requests from web pages: its answers carry no Access-Control-Allow-Origin ` +
        `header. Its operator must enable CORS for this page's address, or put the server behind a proxy that does.`
      );
    case 'allow-headers':
      return (
        `${host} accepts requests from web pages, but its CORS preflight does not allow the header${gap.headers.length > 1 ? 's' : ''} ` +
        `${gap.headers.join(', ')}. Its operator must add ${gap.headers.length > 1 ? 'them' : 'it'} ` +
        `to Access-Control-Allow-Headers.`
      );
    case 'expose-headers':
      return gap.headers.includes('www-authenticate')
        ? `${host} asks for sign-in but does not expose the WWW-Authenticate header to web pages, so ` +
            `this page cannot learn how to sign in. Its operator must add WWW-Authenticate to Access-Control-Expose-Headers; ` +
            `until then, enter a token under this server's headers.`
        : `${host} does not expose the Mcp-Session-Id header to web pages, so this page cannot keep its ` +
            `session. Its operator must add Mcp-Session-Id to Access-Control-Expose-Headers.`;
    case 'unknown':
      return (
        `${host} answers, but requests from this page carrying ${gap.headers.join(', ')} fail. Its ` +
        `CORS settings must allow these headers and the POST method.`
      );
  }
}
