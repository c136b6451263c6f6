import type { IncomingHttpHeaders } from 'node:http';

/** One HTTP request as a test MCP server received it (headers and body verbatim). */
export type ReceivedRequest = {
  seq: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
};

/** Everything a test server was sent, for assertions such as "this secret never reached it". */
export class RequestRecorder {
  readonly requests: ReceivedRequest[] = [];

  record(method: string, path: string, headers: IncomingHttpHeaders, body: string): ReceivedRequest {
    const rec: ReceivedRequest = { seq: this.requests.length, method, path, headers, body, receivedAt: Date.now() };
    this.requests.push(rec);
    return rec;
  }

  /** Whether `text` appears anywhere in what was received: a header name or value, a path or a body. */
  sawText(text: string): boolean {
    return this.requests.some(
      (r) => r.path.includes(text) || r.body.includes(text) || JSON.stringify(r.headers).includes(text),
    );
  }

  /** JSON-RPC messages received in POST bodies (a batch counts as its members), with the request they came in. */
  messages(): { request: ReceivedRequest; message: Record<string, unknown> }[] {
    const out: { request: ReceivedRequest; message: Record<string, unknown> }[] = [];
    for (const request of this.requests) {
      if (request.method !== 'POST' || request.body === '') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(request.body);
      } catch {
        continue;
      }
      for (const m of Array.isArray(parsed) ? parsed : [parsed]) {
        if (m !== null && typeof m === 'object' && !Array.isArray(m))
          out.push({ request, message: m as Record<string, unknown> });
      }
    }
    return out;
  }

  /** The JSON-RPC messages with this method, in arrival order. */
  calls(method: string): Record<string, unknown>[] {
    return this.messages()
      .filter((m) => m.message.method === method)
      .map((m) => m.message);
  }
}
