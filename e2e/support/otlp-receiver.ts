/**
 * A small OTLP/HTTP trace receiver on 127.0.0.1 (port 0): takes POST /v1/traces with a JSON body, records what it got,
 * and answers like a collector. Options make it refuse this page (no CORS headers) or demand a header (401).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type ReceivedTrace = { path: string; headers: http.IncomingHttpHeaders; body: unknown };
export type OtlpReceiver = { url: string; received: ReceivedTrace[]; preflights: number; close(): Promise<void> };

export async function startOtlpReceiver(
  opts: { cors?: boolean; requireHeader?: { name: string; value: string } } = {},
): Promise<OtlpReceiver> {
  const cors = opts.cors ?? true;
  const state: OtlpReceiver = { url: '', received: [], preflights: 0, close: async () => {} };
  const server = http.createServer((req, res) => {
    if (cors) {
      res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
      res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? '*');
      res.setHeader('access-control-allow-methods', 'POST, OPTIONS');
    }
    if (req.method === 'OPTIONS') {
      state.preflights++;
      return void res.writeHead(204).end();
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/v1/traces')) return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const need = opts.requireHeader;
      if (need && req.headers[need.name.toLowerCase()] !== need.value) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":16,"message":"unauthenticated"}');
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400).end('bad json');
        return;
      }
      state.received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"partialSuccess":{}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}

type Span = { name: string; attributes?: { key: string; value?: Record<string, unknown> }[] };

/** Every span the receiver got, flattened. */
export function receivedSpans(r: OtlpReceiver): Span[] {
  return r.received.flatMap((t) => {
    const body = t.body as { resourceSpans?: { scopeSpans?: { spans?: Span[] }[] }[] };
    return (body.resourceSpans ?? []).flatMap((rs) => (rs.scopeSpans ?? []).flatMap((s) => s.spans ?? []));
  });
}

export function spanAttr(span: Span, key: string): unknown {
  const v = span.attributes?.find((a) => a.key === key)?.value;
  return v ? Object.values(v)[0] : undefined;
}
