/**
 * Which page request a 2025-11-25 server's request serves (architecture.md, "MCP in the app"). The server sends a
 * request made while handling one of ours (elicitation during a `tools/call`) on that POST's own event stream; the
 * SDK's client transport parses the stream but hands the message on without saying which POST it came from. This
 * fetch reads the same stream as it passes and names the pair before the transport sees the message, so parallel
 * calls on one connection each keep their own server requests.
 */

export type RelateServerRequest = (serverRequestId: string, clientRequestId: string) => void;

export function createRelatingFetch(base: typeof fetch, relate: RelateServerRequest): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await base(input, init);
    const clientId = soleRequestId(init?.body);
    const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (clientId === null || type !== 'text/event-stream' || response.body === null || !response.ok) return response;
    const scanned = response.body.pipeThrough(serverRequestScanner((serverId) => relate(serverId, clientId)));
    return new Response(scanned, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** The id of the one JSON-RPC request in a POST body; null for anything else (notifications, answers, batches). */
export function soleRequestId(body: unknown): string | null {
  if (typeof body !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!isObject(parsed) || typeof parsed.method !== 'string') return null;
  return typeof parsed.id === 'string' || typeof parsed.id === 'number' ? String(parsed.id) : null;
}

/** Passes the bytes through unchanged; reports the id of each JSON-RPC request among the stream's events first. */
export function serverRequestScanner(onRequest: (id: string) => void): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  let pending = '';
  let data: string[] = [];
  const dispatch = () => {
    if (data.length === 0) return;
    const text = data.join('\n');
    data = [];
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (isObject(message) && typeof message.method === 'string' && (typeof message.id === 'string' || typeof message.id === 'number')) onRequest(String(message.id));
  };
  const scan = (text: string) => {
    pending += text;
    const lines = pending.split(/\r\n|\r|\n/);
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') dispatch();
      else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
    }
  };
  return new TransformStream({
    transform(chunk, controller) {
      scan(decoder.decode(chunk, { stream: true }));
      controller.enqueue(chunk);
    },
    flush() {
      scan(`${decoder.decode()}\n\n`);
    },
  });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
