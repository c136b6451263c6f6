/**
 * Test-only: an HTTP proxy on a free loopback port in front of a real storage server (Apache mod_dav, s3rver) that
 * forwards every request as it came (CORS preflights too; the Host header is kept, so SigV4 signatures made for
 * the proxy's address still check) and answers 500 or 503 to chosen requests: by method, a pattern on the path
 * (with its query) and the nth matching request from the moment the fault is set. A fault's answer carries the
 * CORS headers a server that sets them `always` (Apache's `Header always set`, S3) sends on its own errors, so the
 * page sees the status, not a CORS refusal.
 *
 * Modes: 'instead' answers without forwarding (the storage never sees the request: nothing is written);
 * 'after' forwards, lets the storage do it, then answers the error in place of the storage's answer (a write that
 * landed but whose answer was lost).
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type FaultStatus = 500 | 503;

type FaultSpec = {
  method: string;
  /** Matched against the request's path and query, e.g. /vault/devices/…/seg-000000002. */
  path: RegExp;
  status: FaultStatus;
  /** The first matching request (counted from when the fault is set) that fails; 1 when not given. */
  nth?: number;
  /** How many matching requests fail from the nth on; every one until `clear()` when not given. */
  times?: number;
  mode?: 'instead' | 'after';
};

/** One request answered with a fault. */
export type Injected = { method: string; path: string; status: FaultStatus };

export type FaultHandle = {
  /** Resolves with the first request this fault answered. */
  hit: Promise<Injected>;
  /** Every request this fault answered so far. */
  readonly injected: readonly Injected[];
};

/** A request the proxy saw, with the status the page got. */
type Seen = { method: string; path: string; status: number; injected: boolean };

export type FaultProxy = {
  /** http://127.0.0.1:<port> */
  origin: string;
  fail: (spec: FaultSpec) => FaultHandle;
  /** Removes every fault: from now on everything is forwarded. */
  clear: () => void;
  seen: () => readonly Seen[];
  close: () => Promise<void>;
};

type Armed = { spec: FaultSpec; matched: number; injected: Injected[]; resolve: (i: Injected) => void };

const REASON: Record<FaultStatus, string> = { 500: 'Internal Server Error', 503: 'Service Unavailable' };

/** Starts a proxy to `target` (an origin, http://127.0.0.1:<port>). */
export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  let faults: Armed[] = [];
  const seen: Seen[] = [];

  const pick = (method: string, path: string): Armed | null => {
    for (const f of faults) {
      if (f.spec.method !== method || !f.spec.path.test(path)) continue;
      f.matched++;
      const first = f.spec.nth ?? 1;
      const last = f.spec.times === undefined ? Infinity : first + f.spec.times - 1;
      if (f.matched >= first && f.matched <= last) return f;
    }
    return null;
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const fault = pick(method, path);
    const answerFault = (f: Armed, corsHeaders: Record<string, string>) => {
      const hit: Injected = { method, path, status: f.spec.status };
      f.injected.push(hit);
      f.resolve(hit);
      seen.push({ method, path, status: f.spec.status, injected: true });
      res.writeHead(f.spec.status, REASON[f.spec.status], {
        ...corsHeaders,
        'Content-Type': 'text/plain',
        Connection: 'close',
      });
      res.end(`${f.spec.status} ${REASON[f.spec.status]} (injected by the test's fault proxy)\n`);
    };
    if (fault && (fault.spec.mode ?? 'instead') === 'instead') {
      // The body is read (and dropped) so the page's upload completes before the answer, as with a real server.
      req.resume();
      req.on('end', () => answerFault(fault, corsEcho(req)));
      return;
    }
    const out = httpRequest(
      { host: upstream.hostname, port: upstream.port, method, path, headers: req.headers },
      (up) => {
        if (fault) {
          up.resume();
          up.on('end', () => answerFault(fault, corsFrom(up)));
          return;
        }
        seen.push({ method, path, status: up.statusCode ?? 0, injected: false });
        res.writeHead(up.statusCode ?? 502, up.statusMessage, up.rawHeaders);
        up.pipe(res);
      },
    );
    out.on('error', (e) => {
      res.writeHead(502, 'Bad Gateway', { 'Content-Type': 'text/plain' });
      res.end(`fault proxy: ${e.message}\n`);
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    fail: (spec) => {
      let resolve: (i: Injected) => void = () => undefined;
      const hit = new Promise<Injected>((r) => (resolve = r));
      const armed: Armed = { spec, matched: 0, injected: [], resolve };
      faults.push(armed);
      return { hit, injected: armed.injected };
    },
    clear: () => {
      faults = [];
    },
    seen: () => seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The CORS headers a server that sets them on every answer sends with its own error, for this request's origin. */
function corsEcho(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return origin === undefined
    ? {}
    : { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': 'ETag', Vary: 'Origin' };
}

/** The storage's own CORS headers from its answer (mode 'after'). */
function corsFrom(up: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(up.headers))
    if (k.startsWith('access-control-') || k === 'vary') out[k] = Array.isArray(v) ? v.join(', ') : String(v ?? '');
  return out;
}
