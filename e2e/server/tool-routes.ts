import type { ServerResponse } from 'node:http';
import type { RecordedRequest } from './types';
import type { Gates } from './gates';
import { sleep } from './play-step';

/**
 * Endpoints for HTTP-tool tests, on the same server as the model:
 *   GET  /tools/weather?city=X   deterministic JSON weather for X
 *   ANY  /tools/echo             echoes method, query, headers and body as JSON
 *   ANY  /tools/header-names     answers the request's header names only, so a secret sent in a header does
 *                                not come back into the tool result (read the values from allRequests)
 *   GET  /tools/big?kb=N         a JSON body of about N KB (default 200)
 *   GET  /tools/slow?ms=N        answers after N ms (default 5000), or never if the client leaves first
 *   GET  /tools/hold?gate=NAME   answers once the test calls `mock.release(NAME)` (default gate `hold`), or never if
 *                                the client leaves first: a call that runs exactly as long as the test needs
 *   GET  /tools/status?code=N    answers with that status and a JSON body
 *   GET  /tools/text             a plain-text body
 *   ANY  /tools/nocors           answers without CORS headers, whatever the server's CORS setting
 */
export async function handleToolRoute(
  rec: RecordedRequest,
  res: ServerResponse,
  baseHeaders: Record<string, string>,
  signal: AbortSignal,
  gates: Gates,
): Promise<boolean> {
  const json = (status: number, value: unknown, headers: Record<string, string> = baseHeaders) =>
    res.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(value));
  switch (rec.path) {
    case '/tools/weather': {
      const city = rec.query.city ?? '';
      if (!city) {
        json(400, { error: 'missing query parameter: city' });
        return true;
      }
      const h = [...city.toLowerCase()].reduce((n, c) => (n * 31 + c.charCodeAt(0)) >>> 0, 7);
      const conditions = ['sunny', 'cloudy', 'rain', 'snow', 'windy'][h % 5];
      json(200, { city, temperature_c: (h % 35) - 5, conditions, humidity: 30 + (h % 60) });
      return true;
    }
    case '/tools/echo':
      json(200, {
        method: rec.method,
        path: rec.path,
        query: rec.query,
        headers: rec.headers,
        body: rec.body ?? rec.rawBody,
      });
      return true;
    case '/tools/header-names':
      json(200, { query: rec.query, headerNames: Object.keys(rec.headers).sort() });
      return true;
    case '/tools/big': {
      const kb = clampInt(rec.query.kb, 200, 1, 20_000);
      const line = 'The quick brown fox jumps over the lazy dog. ';
      const items: string[] = [];
      let size = 0;
      for (let i = 0; size < kb * 1024; i++) {
        const item = `${i}: ${line}`;
        items.push(item);
        size += item.length + 3; // quotes and comma in the JSON array
      }
      json(200, { kb, items });
      return true;
    }
    case '/tools/slow': {
      const ms = clampInt(rec.query.ms, 5000, 0, 600_000);
      if (await sleep(ms, signal)) json(200, { ok: true, waitedMs: ms });
      return true;
    }
    case '/tools/hold': {
      const gate = rec.query.gate || 'hold';
      if (await gates.pass(gate, signal)) json(200, { ok: true, gate });
      return true;
    }
    case '/tools/status': {
      const code = clampInt(rec.query.code, 500, 200, 599);
      json(code, { status: code, error: code >= 400 ? `mock status ${code}` : undefined });
      return true;
    }
    case '/tools/text':
      res
        .writeHead(200, { ...baseHeaders, 'content-type': 'text/plain; charset=utf-8' })
        .end('plain text from the mock tool endpoint\n');
      return true;
    case '/tools/nocors':
      json(200, { ok: true, note: 'this endpoint sends no CORS headers' }, {});
      return true;
    default:
      return false;
  }
}

function clampInt(raw: string | undefined, fallback: number, min: number, max: number): number {
  const n = raw === undefined ? NaN : Number.parseInt(raw, 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}
