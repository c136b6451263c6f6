import type {
  CapturedExchange,
  WireBody,
  WireHeader,
  WireRead,
  WireRequest,
  WireResponse,
  WireSink,
} from '../domain/wire-exchange';

/**
 * Captures requests as they go over the wire (docs/wire-capture.md). A client is shared by many requests and the SDK's
 * fetch is fixed when it is built, so a request finds its own sink through a marker header that the capturing fetch
 * reads and strips before sending: the wire carries exactly what it would without capture.
 */

/** The marker header's name; never sent. */
const ROUTE_HEADER = 'x-toolscope-capture-route';

/** Headers whose value is the format's API key (OpenAI's Bearer token, Azure's, Anthropic's, Google's). */
export const KEY_HEADERS = new Set(['authorization', 'x-api-key', 'x-goog-api-key', 'api-key']);

/** A scheme word before the secret (`Bearer sk-…`) is kept, so a command can send the same header. */
const SCHEME = /^(Bearer|Basic|Token)\s+/i;

/** Statuses whose Response may not have a body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

type CaptureOptions = {
  /** The shell variable that stands for this format's key (`OPENAI_API_KEY`). */
  readonly keyVariable: string;
  /** The fetch that sends; the global one otherwise. */
  readonly inner?: typeof fetch;
  /** More headers whose values are secret (a tool's): their variable is `TOOLSCOPE_SECRET_<NAME>`. */
  readonly secretHeaders?: readonly string[];
  /** Monotonic ms; wall clock ms. Injectable for tests. */
  readonly clock?: () => number;
  readonly now?: () => number;
};

export type WireCapture = {
  /** The fetch to build the client with: a request without a route goes through untouched. */
  readonly fetch: typeof fetch;
  /** Sends one request whose exchange reaches `sink`: `send` adds the headers it is given to the request. */
  routed<T>(sink: WireSink | undefined, send: (headers: Record<string, string>) => Promise<T>): Promise<T>;
};

export function wireCapture(options: CaptureOptions): WireCapture {
  const inner = options.inner ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const clock = options.clock ?? (() => globalThis.performance.now());
  const now = options.now ?? Date.now;
  const secret = new Map<string, string>();
  for (const name of KEY_HEADERS) secret.set(name, options.keyVariable);
  for (const name of options.secretHeaders ?? []) secret.set(name.toLowerCase(), secretVariable(name));
  const sinks = new Map<string, WireSink>();
  const deliver = (sink: WireSink, exchange: CapturedExchange) => {
    try {
      sink(exchange);
    } catch {
      // A sink that fails (storage) must not fail the request it records.
    }
  };
  let next = 0;
  const hide = (headers: Headers) => hiddenHeaders(headers, secret);

  const captured: typeof fetch = async (input, init) => {
    const given = init?.headers ?? (input instanceof Request ? input.headers : undefined);
    // Most requests carry no marker: they are looked at, not copied.
    const route = routeOf(given);
    if (route === null) return inner(input, init);
    const headers = new Headers(given);
    headers.delete(ROUTE_HEADER);
    const sent: RequestInit = { ...init, headers };
    const sink = sinks.get(route);
    if (!sink) return inner(input, sent);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const body =
      typeof init?.body === 'string' ? ({ encoding: 'utf8', data: init.body } as const) : await bodyOf(init?.body);
    // The record is built when it is handed over, in a later task: the stream path only keeps references.
    const request = (): WireRequest => ({ method, url: urlOf(input), headers: hide(headers), body });
    const startedAt = now();
    const t0 = clock();
    let res: Response;
    try {
      res = await inner(input, sent);
    } catch (err) {
      deliver(sink, { startedAt, request: request(), failure: failureOf(err) });
      throw err;
    }
    const headersAtMs = clock() - t0;
    const head = () => ({ status: res.status, headers: hide(res.headers), headersAtMs });
    if (!res.body || res.type === 'opaqueredirect' || NULL_BODY.has(res.status)) {
      deliver(sink, { startedAt, request: request(), response: { ...head(), reads: [], endedAtMs: headersAtMs } });
      return res;
    }
    // Decoded in a later task, off the stream path: the reply is assembled before the reads become text.
    const finish = (record: BodyRecord) =>
      later(() => deliver(sink, { startedAt, request: request(), ...bodyPart(head(), record) }));
    return recordedBody(res, finish, () => clock() - t0, init?.signal);
  };

  return {
    fetch: captured,
    routed: async (sink, send) => {
      if (!sink) return send({});
      const route = String(++next);
      sinks.set(route, sink);
      try {
        // A redirect followed inside the fetch carries the marker again: each hop is its own exchange.
        return await send({ [ROUTE_HEADER]: route });
      } finally {
        sinks.delete(route);
      }
    },
  };
}

/** Work for one later task: one timer however many bodies end before it runs. */
const pending: (() => void)[] = [];
function later(work: () => void): void {
  pending.push(work);
  if (pending.length > 1) return;
  setTimeout(() => {
    for (const w of pending.splice(0)) w();
  }, 0);
}

/** The marker's value, read from the headers as given without copying them; null when there is none. */
function routeOf(headers: HeadersInit | undefined): string | null {
  if (headers === undefined) return null;
  if (headers instanceof Headers) return headers.get(ROUTE_HEADER);
  if (Array.isArray(headers)) {
    for (const [name, value] of headers) if (name.toLowerCase() === ROUTE_HEADER) return value;
    return null;
  }
  const proto: unknown = Object.getPrototypeOf(headers);
  if (proto !== Object.prototype && proto !== null) return new Headers(headers).get(ROUTE_HEADER);
  for (const name in headers) if (name.toLowerCase() === ROUTE_HEADER) return String(headers[name]);
  return null;
}

/** `TOOLSCOPE_SECRET_<NAME>`: the header's name in capitals, other characters as `_`. */
export function secretVariable(headerName: string): string {
  return `TOOLSCOPE_SECRET_${headerName.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

function hiddenHeaders(headers: Headers, secret: ReadonlyMap<string, string>): WireHeader[] {
  const out: WireHeader[] = [];
  headers.forEach((value, name) => {
    const variable = secret.get(name);
    if (variable === undefined) {
      out.push({ name, value });
      return;
    }
    const prefix = SCHEME.exec(value)?.[0];
    out.push({ name, value: '', secret: prefix !== undefined ? { variable, prefix } : { variable } });
  });
  return out;
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** The body exactly as given to fetch; a stream or form (never a model request's) is not captured. */
async function bodyOf(body: BodyInit | null | undefined): Promise<WireBody | null> {
  if (body === null || body === undefined) return null;
  if (typeof body === 'string') return { encoding: 'utf8', data: body };
  if (body instanceof URLSearchParams) return { encoding: 'utf8', data: body.toString() };
  if (body instanceof Blob) return bytesBody(new Uint8Array(await body.arrayBuffer()));
  if (body instanceof ArrayBuffer) return bytesBody(new Uint8Array(body));
  if (ArrayBuffer.isView(body)) return bytesBody(new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
  return null;
}

function bytesBody(bytes: Uint8Array): WireBody {
  try {
    return { encoding: 'utf8', data: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { encoding: 'base64', data: toBase64(bytes) };
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** What the body's reading came to: the chunks by reference with their times, and how it ended. */
type BodyRecord = { chunks: Uint8Array[]; times: number[]; endedAtMs?: number; failure?: string };

function bodyPart(head: Omit<WireResponse, 'reads'>, body: BodyRecord): { response: WireResponse; failure?: string } {
  const response: WireResponse = {
    ...head,
    reads: readsOf(body.chunks, body.times),
    ...(body.endedAtMs !== undefined ? { endedAtMs: body.endedAtMs } : {}),
  };
  return body.failure !== undefined ? { response, failure: body.failure } : { response };
}

/**
 * The response with a body that records each network read by reference as it passes, decoding nothing until the body
 * has ended, so the stream path pays one pull per read (docs/wire-capture.md, "Cost").
 */
function recordedBody(
  res: Response,
  finish: (body: BodyRecord) => void,
  elapsed: () => number,
  stopped: AbortSignal | null | undefined,
): Response {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const record: BodyRecord = { chunks: [], times: [] };
  let finished = false;
  const end = (failure: string | undefined, ended: boolean) => {
    if (finished) return;
    finished = true;
    if (failure !== undefined) record.failure = failure;
    else if (ended) record.endedAtMs = elapsed();
    finish(record);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      // A plain continuation rather than an async function: one promise less per network read.
      pull(controller) {
        return reader.read().then(
          (r) => {
            if (r.done) {
              end(undefined, true);
              controller.close();
              return;
            }
            record.chunks.push(r.value);
            record.times.push(elapsed());
            controller.enqueue(r.value);
          },
          (err: unknown) => {
            end(failureOf(err), false);
            throw err;
          },
        );
      },
      // The reader stopping at the stream's last event (`[DONE]`) is no failure; stopping on an abort is.
      cancel(reason) {
        end(stopped?.aborted ? 'The request was stopped.' : undefined, false);
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  // Its `url` is empty, as in the redirect guard's cut error body: the SDK reads it only for its logs, which are off.
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** Each read as text; a body that is not UTF-8 has every read in base64. A character split across reads goes whole to the later one. */
function readsOf(chunks: readonly Uint8Array[], times: readonly number[]): WireRead[] {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    const reads = chunks.map((c, i) => ({ atMs: times[i] ?? 0, text: decoder.decode(c, { stream: true }) }));
    // A body that ends inside a character is not UTF-8 either.
    decoder.decode();
    return reads;
  } catch {
    return chunks.map((c, i) => ({ atMs: times[i] ?? 0, text: toBase64(c), encoding: 'base64' }));
  }
}

function failureOf(err: unknown): string {
  if (err instanceof Error && err.name === 'AbortError') return 'The request was stopped.';
  return `The connection failed: ${err instanceof Error ? err.message : String(err)}`;
}
