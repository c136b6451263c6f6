/**
 * The fetch every MCP request goes through. It adds the server's secret headers only when a request's origin is
 * the server's own (redirect hops included: they are not followed blindly while secrets ride along), and it keeps a
 * short log of what happened on the wire, which the failure diagnosis reads (a browser hides the why of a failure,
 * but not which request failed and which response headers it could read).
 */

export type WireEntry = {
  url: string;
  method: string;
  /** The JSON-RPC method of a single-message body, when it had one. */
  rpcMethod: string | null;
  /** Lower-case names of the headers sent (never values). */
  headerNames: string[];
  result:
    | {
        kind: 'response';
        status: number;
        sessionId: boolean;
        wwwAuthenticate: string | null;
        contentType: string | null;
        location: string | null;
      }
    | { kind: 'network-error'; message: string }
    | { kind: 'aborted' };
};

export type WireLog = { entries: WireEntry[]; last(): WireEntry | undefined };

const MAX_ENTRIES = 32;

export function createWireLog(): WireLog {
  const entries: WireEntry[] = [];
  return { entries, last: () => entries[entries.length - 1] };
}

type OriginBoundFetchOptions = {
  serverUrl: URL;
  /** Header name → value; sent only to serverUrl's origin. */
  secrets: Record<string, string>;
  base: typeof fetch;
  log: WireLog;
};

export function createOriginBoundFetch({ serverUrl, secrets, base, log }: OriginBoundFetchOptions): typeof fetch {
  const secretEntries = Object.entries(secrets);
  const hasSecrets = secretEntries.length > 0;
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const headers = new Headers(input instanceof Request ? input.headers : undefined);
    new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
    const sameOrigin = url.origin === serverUrl.origin;
    for (const [name, value] of secretEntries) {
      // A header named like a secret never leaves for another origin, whoever set it.
      if (sameOrigin) headers.set(name, value);
      else headers.delete(name);
    }
    // The platform would carry every header along a redirect; with secrets aboard each hop comes back here instead.
    const redirect: RequestRedirect =
      hasSecrets && init?.redirect !== 'error' ? 'manual' : (init?.redirect ?? 'follow');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const entry: WireEntry = {
      url: url.href,
      method,
      rpcMethod: rpcMethodOf(init?.body),
      headerNames: [...headers.keys()],
      result: { kind: 'aborted' },
    };
    if (log.entries.push(entry) > MAX_ENTRIES) log.entries.shift();
    try {
      const response = await base(url, { ...init, headers, redirect });
      entry.result = {
        kind: 'response',
        status: response.status,
        sessionId: response.headers.has('mcp-session-id'),
        wwwAuthenticate: response.headers.get('www-authenticate'),
        contentType: response.headers.get('content-type'),
        location: response.headers.get('location'),
      };
      return response;
    } catch (error) {
      entry.result =
        init?.signal?.aborted === true
          ? { kind: 'aborted' }
          : { kind: 'network-error', message: error instanceof Error ? error.message : String(error) };
      throw error;
    }
  };
}

// Bodies past this size are tool arguments, never the handshake messages the diagnosis looks for.
const MAX_PEEK = 16 * 1024;

function rpcMethodOf(body: BodyInit | null | undefined): string | null {
  if (typeof body !== 'string' || body.length > MAX_PEEK) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed !== null && typeof parsed === 'object' && 'method' in parsed && typeof parsed.method === 'string')
      return parsed.method;
  } catch {
    // Not JSON: nothing to name.
  }
  return null;
}
