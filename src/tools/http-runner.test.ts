import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpToolSpec } from '../domain/tool-definition';
import { fillBody, fillUrl, runHttpTool } from './http-runner';
import type { SecretSource } from './secret-source';

type Seen = { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string };
let seen: Seen = { headers: {}, body: '' };
let server: http.Server;
let base = '';
/** Another origin (another port) that records what reaches it. */
let other: http.Server;
let otherBase = '';
const reachedOther: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen = { method: req.method, url: req.url, headers: req.headers, body };
      if (req.url?.startsWith('/away')) return void res.writeHead(307, { location: `${otherBase}/steal` }).end();
      if (req.url?.startsWith('/here')) return void res.writeHead(307, { location: '/items/moved?q=again' }).end();
      if (req.url?.startsWith('/loop')) return void res.writeHead(302, { location: '/loop' }).end();
      if (req.url?.startsWith('/endless')) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = 'e'.repeat(64 * 1024);
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        return void pump();
      }
      if (req.url?.startsWith('/huge'))
        return void res.writeHead(200, { 'content-type': 'text/plain' }).end('y'.repeat(5 * 1024 * 1024));
      if (req.url?.startsWith('/missing'))
        return void res.writeHead(404, { 'content-type': 'text/plain' }).end('no such thing here');
      if (req.url?.startsWith('/big'))
        return void res.writeHead(200, { 'content-type': 'text/plain' }).end('z'.repeat(5000));
      if (req.url?.startsWith('/long-json')) {
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ items: Array.from({ length: 500 }, (_, i) => `item ${i}`) }, null, 2));
      }
      if (req.url?.startsWith('/html'))
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ got: req.url, body: body ? JSON.parse(body) : null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  other = http.createServer((req, res) => {
    reachedOther.push({ method: req.method, url: req.url, headers: req.headers, body: '' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => other.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// Header names are case-insensitive, as in the secrets table behind the real source.
const secrets: SecretSource = {
  headerSecret: async (toolId, name) => (toolId === 't1' && name.toLowerCase() === 'x-api-key' ? 's3cret' : undefined),
};
const deps = { secrets, fetch: globalThis.fetch, outputLimitBytes: 1000 };
const signal = () => new AbortController().signal;

function spec(patch: Partial<HttpToolSpec> = {}): HttpToolSpec {
  return {
    method: 'GET',
    urlTemplate: `${base}/items/{id}?q={q}`,
    headers: [],
    bodyTemplate: null,
    responseType: 'json',
    ...patch,
  };
}

describe('templates', () => {
  it('URL-encodes arguments into the URL', () => {
    expect(fillUrl('https://x/{a}?b={b}&c={c}', { a: 'a/b c', b: 'é&=', c: { k: 1 } })).toBe(
      'https://x/a%2Fb%20c?b=%C3%A9%26%3D&c=%7B%22k%22%3A1%7D',
    );
  });

  it('JSON-encodes arguments into the body, so strings cannot break out', () => {
    expect(JSON.parse(fillBody('{"q": {{q}}, "n": {{n}}, "m": {{missing}}}', { q: '", "evil": "1', n: 3 }))).toEqual({
      q: '", "evil": "1',
      n: 3,
      m: null,
    });
  });
});

describe('runHttpTool', () => {
  it('sends the filled request with plain and secret headers and returns JSON', async () => {
    const r = await runHttpTool(
      't1',
      spec({
        method: 'POST',
        headers: [
          { name: 'X-Plain', value: 'p', secret: false },
          { name: 'X-Api-Key', value: '', secret: true },
        ],
        bodyTemplate: '{"q": {{q}}}',
      }),
      { id: 'a b', q: 'x&y' },
      deps,
      signal(),
    );
    expect(r).toEqual({
      outcome: 'ok',
      content: JSON.stringify({ got: '/items/a%20b?q=x%26y', body: { q: 'x&y' } }),
      logs: [],
    });
    expect(seen.method).toBe('POST');
    expect(seen.headers['x-plain']).toBe('p');
    expect(seen.headers['x-api-key']).toBe('s3cret');
    expect(seen.headers['content-type']).toBe('application/json');
  });

  it('fails clearly when a secret is missing, without sending anything', async () => {
    seen = { headers: {}, body: '' };
    const r = await runHttpTool(
      't2',
      spec({ headers: [{ name: 'X-Api-Key', value: '', secret: true }] }),
      { id: 1 },
      deps,
      signal(),
    );
    expect(r.outcome).toBe('error');
    expect(r.content).toMatch(/secret for header "X-Api-Key" is not set/);
    expect(seen.url).toBeUndefined();
  });

  it('turns a non-2xx status into an error with the status and a body excerpt', async () => {
    const r = await runHttpTool('t1', spec({ urlTemplate: `${base}/missing/{id}` }), { id: 7 }, deps, signal());
    expect(r.outcome).toBe('error');
    expect(r.content).toMatch(
      /^HTTP 404 Not Found from GET http:\/\/127\.0\.0\.1:\d+\/missing\/7\nno such thing here$/,
    );
  });

  it('cuts a long text response at the limit', async () => {
    const r = await runHttpTool('t1', spec({ urlTemplate: `${base}/big`, responseType: 'text' }), {}, deps, signal());
    expect(r.outcome).toBe('ok');
    expect(r.content).toBe(`${'z'.repeat(1000)}\n…[output truncated: 4000 bytes omitted]`);
  });

  it('cuts a JSON response above the limit with the visible marker, after compacting it', async () => {
    const compact = JSON.stringify({ items: Array.from({ length: 500 }, (_, i) => `item ${i}`) });
    const r = await runHttpTool('t1', spec({ urlTemplate: `${base}/long-json` }), {}, deps, signal());
    expect(r.outcome).toBe('ok');
    expect(r.content).toBe(`${compact.slice(0, 1000)}\n…[output truncated: ${compact.length - 1000} bytes omitted]`);
  });

  it('falls back to text when JSON was expected but not returned', async () => {
    const r = await runHttpTool('t1', spec({ urlTemplate: `${base}/html` }), {}, deps, signal());
    expect(r.outcome).toBe('ok');
    expect(r.content).toContain('<p>hi</p>');
    expect(r.logs[0]?.level).toBe('warn');
  });

  it('reads at most what it needs of a 5 MB one-line body and cuts it with the marker', async () => {
    const r = await runHttpTool('t1', spec({ urlTemplate: `${base}/huge`, responseType: 'text' }), {}, deps, signal());
    expect(r).toEqual({
      outcome: 'ok',
      content: `${'y'.repeat(1000)}\n…[output truncated: ${5 * 1024 * 1024 - 1000} bytes omitted]`,
      logs: [],
    });
    const asJson = await runHttpTool('t1', spec({ urlTemplate: `${base}/huge` }), {}, deps, signal());
    expect(asJson.content).toBe(r.content);
    expect(asJson.logs[0]?.text).toMatch(/over 1 MB, so it is cut as text/);
  });

  it('stops reading a body that never ends and says at least how much was left out', async () => {
    const r = await runHttpTool(
      't1',
      spec({ urlTemplate: `${base}/endless`, responseType: 'text' }),
      {},
      deps,
      signal(),
    );
    expect(r.outcome).toBe('ok');
    expect(r.content).toMatch(/^e{1000}\n…\[output truncated: at least \d+ bytes omitted\]$/);
  });

  describe('redirects', () => {
    const withSecret = (urlTemplate: string, patch: Partial<HttpToolSpec> = {}) =>
      spec({ urlTemplate, headers: [{ name: 'X-Api-Key', value: '', secret: true }], ...patch });

    it('refuses a redirect to another origin, and the secret never reaches it', async () => {
      reachedOther.length = 0;
      const r = await runHttpTool('t1', withSecret(`${base}/away`), {}, deps, signal());
      expect(r).toMatchObject({ outcome: 'error', failure: 'blocked' });
      expect(r.content).toBe(
        `Refused: ${base} redirected to ${otherBase}, another origin than this tool's (${base}). HTTP tools do not follow a redirect off their ` +
          "origin: the tool's headers, secrets included, would go along. Put the final address in the URL template if you trust it.",
      );
      expect(reachedOther).toEqual([]);
    });

    it('follows a redirect on the same origin, with the method, body and headers', async () => {
      const r = await runHttpTool(
        't1',
        withSecret(`${base}/here`, { method: 'POST', bodyTemplate: '{"q": {{q}}}' }),
        { q: 'x' },
        deps,
        signal(),
      );
      expect(r).toEqual({
        outcome: 'ok',
        content: JSON.stringify({ got: '/items/moved?q=again', body: { q: 'x' } }),
        logs: [],
      });
      expect(seen.method).toBe('POST');
      expect(seen.headers['x-api-key']).toBe('s3cret');
    });

    it('gives up after a few same-origin hops', async () => {
      const r = await runHttpTool('t1', spec({ urlTemplate: `${base}/loop` }), {}, deps, signal());
      expect(r).toMatchObject({
        outcome: 'error',
        failure: 'blocked',
        content: `Refused: more than 5 redirects from ${base}.`,
      });
    });

    it('refuses the opaque redirect a browser gives, since its target cannot be checked', async () => {
      const inits: RequestInit[] = [];
      const browserLike: typeof fetch = async (_input, init) => {
        inits.push(init ?? {});
        return {
          type: 'opaqueredirect',
          status: 0,
          ok: false,
          headers: new Headers(),
          body: null,
        } as unknown as Response;
      };
      const r = await runHttpTool('t1', withSecret(`${base}/away`), {}, { ...deps, fetch: browserLike }, signal());
      expect(r).toMatchObject({ outcome: 'error', failure: 'blocked' });
      expect(r.content).toMatch(
        /^Refused: .* answered with a redirect, and the browser does not let a page see where a redirect points/,
      );
      expect(r.content).toMatch(/Put the final address in the URL template/);
      expect(inits.map((i) => i.redirect)).toEqual(['manual']);
    });
  });

  it('refuses a stored template whose origin is a placeholder, sending nothing', async () => {
    seen = { headers: {}, body: '' };
    const r = await runHttpTool(
      't1',
      spec({ urlTemplate: 'http://{id}/items' }),
      { id: base.slice('http://'.length) },
      deps,
      signal(),
    );
    expect(r).toMatchObject({ outcome: 'error', failure: 'setup' });
    expect(r.content).toMatch(/^The URL template cannot be used: Write the scheme, host and port out in full/);
    expect(seen.url).toBeUndefined();
  });

  it('explains a network error: nothing answers at the address', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const r = await runHttpTool('t1', spec({ urlTemplate: `http://127.0.0.1:${port}/x` }), {}, deps, signal());
    expect(r.outcome).toBe('error');
    expect(r.content).toMatch(new RegExp(`^Network error: http://127\\.0\\.0\\.1:${port} could not be reached`));
    expect(r.content).toMatch(/Check the URL and that the server is running/);
    expect(r.content).not.toMatch(/CORS/);
  });

  it('explains a CORS refusal when a no-cors probe shows the server answered, and what to do', async () => {
    const calls: RequestInit[] = [];
    const corsBlocked: typeof fetch = async (_input, init) => {
      calls.push(init ?? {});
      // As in a browser: the real request is refused, the opaque no-cors probe gets through.
      if (init?.mode !== 'no-cors') throw new TypeError('Failed to fetch');
      return new Response(null, { status: 200 });
    };
    const r = await runHttpTool(
      't1',
      spec({ method: 'POST', bodyTemplate: '{"q": {{q}}}' }),
      { id: 1, q: 'x' },
      { ...deps, fetch: corsBlocked },
      signal(),
    );
    expect(r.outcome).toBe('error');
    expect(r.content).toMatch(/^http:\/\/127\.0\.0\.1:\d+ answered, but the browser refused .*: a CORS refusal/);
    expect(r.content).toMatch(/CORS-enabled endpoint/);
    expect(r.content).toMatch(/proxy you control/);
    // The probe is a credential-free HEAD, so it cannot repeat the POST's effects.
    expect(calls.map((c) => [c.method, c.mode ?? 'cors', c.credentials])).toEqual([
      ['POST', 'cors', 'omit'],
      ['HEAD', 'no-cors', 'omit'],
    ]);
  });

  it('reports cancellation when the run stops while the probe is out', async () => {
    const ac = new AbortController();
    const hang: typeof fetch = (_input, init) => {
      if (init?.mode !== 'no-cors') return Promise.reject(new TypeError('Failed to fetch'));
      return new Promise((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    };
    const pending = runHttpTool('t1', spec(), { id: 1 }, { ...deps, fetch: hang }, ac.signal);
    ac.abort();
    expect(await pending).toEqual({ outcome: 'error', content: 'Cancelled.', logs: [], failure: 'cancelled' });
  });

  it('reports cancellation', async () => {
    const ac = new AbortController();
    ac.abort();
    const r = await runHttpTool('t1', spec(), { id: 1 }, deps, ac.signal);
    expect(r).toEqual({ outcome: 'error', content: 'Cancelled.', logs: [], failure: 'cancelled' });
  });
});

describe('bytes received while the response streams', () => {
  it('are reported as they arrive (this server declares no length: total null)', async () => {
    const seenBytes: [number, number | null][] = [];
    const r = await runHttpTool(
      't1',
      spec({ urlTemplate: `${base}/big`, responseType: 'text' }),
      {},
      { ...deps, onBytes: (n, total) => seenBytes.push([n, total]) },
      signal(),
    );
    expect(r.outcome).toBe('ok');
    expect(seenBytes.length).toBeGreaterThan(0);
    expect(seenBytes.at(-1)).toEqual([5000, null]);
    // Never backwards.
    expect(seenBytes.map(([n]) => n)).toEqual([...seenBytes.map(([n]) => n)].sort((a, b) => a - b));
  });
});
