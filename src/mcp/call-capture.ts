/**
 * Captures the HTTP requests of an MCP tool call as they go over the wire (docs/wire-capture.md, "Tools"): a
 * `tools/call` POST carrying a traceparent a call registered is sent through a capture to that call's sink, with its
 * response stream; every other request passes untouched. It sits under the origin-bound fetch, so it sees the
 * server's secret headers as sent and hides them (`TOOLSCOPE_SECRET_<NAME>`), as it hides a signed-in token.
 */
import type { WireSink } from '../domain/wire-exchange';
import { isRecord } from '../domain/is-record';
import { KEY_HEADERS, wireCapture } from '../llm/wire-capture';
import { traceparentOf } from './wire-tap';

export type CallCapture = {
  /** The fetch to send with: between the origin-bound fetch and the network. */
  readonly fetch: typeof fetch;
  /** Sends the `tools/call` requests carrying `traceparent` to `sink` until `end`. */
  begin(traceparent: string, sink: WireSink): { end(): void };
};

// A tool call's body past this is not parsed for its traceparent: such a call is simply not captured.
const MAX_PEEK = 1024 * 1024;

export function createCallCapture(secretHeaders: readonly string[], inner: typeof fetch): CallCapture {
  const capture = wireCapture({ keyVariable: '', inner, secretHeaders: [...KEY_HEADERS, ...secretHeaders] });
  const sinks = new Map<string, WireSink>();
  return {
    fetch: (input, init) => {
      const sink = sinks.size > 0 ? sinkOf(init?.body) : undefined;
      if (sink === undefined) return inner(input, init);
      return capture.routed(sink, async (marker) => {
        const headers = new Headers(init?.headers);
        for (const [name, value] of Object.entries(marker)) headers.set(name, value);
        return nativelyClosed(await capture.fetch(input, { ...init, headers }));
      });
    },
    begin(traceparent, sink) {
      sinks.set(traceparent, sink);
      return { end: () => void sinks.delete(traceparent) };
    },
  };

  function sinkOf(body: BodyInit | null | undefined): WireSink | undefined {
    if (typeof body !== 'string' || body.length > MAX_PEEK) return undefined;
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch {
      return undefined;
    }
    if (!isRecord(message) || message.method !== 'tools/call') return undefined;
    const traceparent = traceparentOf(message);
    return traceparent === null ? undefined : sinks.get(traceparent);
  }
}

/**
 * The captured body piped once more, so the stream the SDK reads is closed by the platform: Chromium words a JSON
 * parse failure of a body that page code closed as "Failed to execute 'close' on 'ReadableStreamDefaultController':
 * …", which would reach the server's failure sentence (mcp/protocol-fault.ts).
 */
function nativelyClosed(res: Response): Response {
  if (res.body === null) return res;
  const body = res.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>());
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}
