import { isRecord } from '../domain/is-record';
/**
 * Which page request a 2025-11-25 server's request serves (architecture.md, "MCP in the app"). The server sends a
 * request made while handling one of ours (elicitation during a `tools/call`) on that POST's own event stream; the
 * SDK's client transport parses the stream but hands the message on without saying which POST it came from. This
 * fetch reads the same stream as it passes and names the pair before the transport sees the message, so parallel
 * calls on one connection each keep their own server requests.
 */

type RelateServerRequest = (serverRequestId: string, clientRequestId: string) => void;

export function createRelatingFetch(base: typeof fetch, relate: RelateServerRequest): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const response = await base(input, init);
    const clientId = soleRequestId(init?.body);
    const body = eventStreamAnswer(response);
    if (clientId === null || body === null) return response;
    return withBodyThrough(
      response,
      body,
      serverRequestScanner((serverId) => relate(serverId, clientId)),
    );
  };
}

/** The one JSON-RPC request in a POST body; null for anything else (notifications, answers, batches). */
export function soleRequest(body: unknown): { id: string | number; method: string } | null {
  if (typeof body !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || typeof parsed.method !== 'string') return null;
  const id = parsed.id;
  return typeof id === 'string' || typeof id === 'number' ? { id, method: parsed.method } : null;
}

/** The id of the one JSON-RPC request in a POST body, as a string; null for anything else. */
export function soleRequestId(body: unknown): string | null {
  const request = soleRequest(body);
  return request === null ? null : String(request.id);
}

/** The event stream a POST was answered with (ok, with a body), or null: what the stream readers here read. */
export function eventStreamAnswer(response: Response): ReadableStream<Uint8Array> | null {
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  return type === 'text/event-stream' && response.ok ? response.body : null;
}

/** The same answer with its body read through `through` as it passes. */
export function withBodyThrough(
  response: Response,
  body: ReadableStream<Uint8Array>,
  through: TransformStream<Uint8Array, Uint8Array>,
): Response {
  return new Response(body.pipeThrough(through), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
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
    if (
      isRecord(message) &&
      typeof message.method === 'string' &&
      (typeof message.id === 'string' || typeof message.id === 'number')
    )
      onRequest(String(message.id));
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
