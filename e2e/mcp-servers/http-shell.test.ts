import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHttpShell, type HttpShell, type HttpShellOptions, type ShellHandler } from './http-shell';

let shell: HttpShell | undefined;
afterEach(async () => {
  await shell?.close();
  shell = undefined;
  vi.restoreAllMocks();
});
const start = async (options: Partial<HttpShellOptions>, handler: ShellHandler) =>
  (shell = await startHttpShell({ tag: 'shell-test', cors: 'full', ...options }, handler));
const ok: ShellHandler = (_req, res, { cors }) =>
  void res.writeHead(200, { ...cors, 'content-type': 'text/plain' }).end('ok');
const PREFLIGHT = {
  origin: 'http://127.0.0.1:1',
  'access-control-request-method': 'POST',
  'access-control-request-headers': 'content-type,mcp-protocol-version',
};

describe('startHttpShell', () => {
  it('listens on 127.0.0.1 at a free port, or the one given, and names addresses on it', async () => {
    const s = await start({}, ok);
    expect(s.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(s.url('/mcp')).toBe(`${s.origin}/mcp`);
    expect(await (await fetch(s.url('/mcp'))).text()).toBe('ok');
    const port = Number(new URL(s.origin).port);
    await s.close();
    shell = undefined;
    const again = await start({ port }, ok);
    expect(again.origin).toBe(`http://127.0.0.1:${port}`);
  });

  it('answers a preflight with 204 and the headers of the CORS mode, without calling the handler', async () => {
    const handler = vi.fn(ok);
    const s = await start({ cors: 'full' }, handler);
    const pre = await fetch(s.url('/mcp'), { method: 'OPTIONS', headers: PREFLIGHT });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toBe('content-type,mcp-protocol-version');
    expect(pre.headers.get('access-control-expose-headers')).toContain('mcp-session-id');
    expect(handler).not.toHaveBeenCalled();
  });

  it("reads a switchable mode at each request, and takes a server's own headers", async () => {
    let mode: 'full' | 'none' = 'none';
    const s = await start({ cors: { mode: () => mode } }, ok);
    expect(
      (await fetch(s.url('/'), { method: 'OPTIONS', headers: PREFLIGHT })).headers.get('access-control-allow-origin'),
    ).toBeNull();
    mode = 'full';
    expect(
      (await fetch(s.url('/'), { method: 'OPTIONS', headers: PREFLIGHT })).headers.get('access-control-allow-origin'),
    ).toBe('*');
    await s.close();
    const own = await start({ cors: { headers: (_req, url) => ({ 'x-path': url.pathname }) } }, ok);
    expect((await fetch(own.url('/token'))).headers.get('x-path')).toBe('/token');
  });

  it('puts the CORS headers only where the handler writes them, or on every answer', async () => {
    const bare: ShellHandler = (_req, res) => void res.writeHead(200).end();
    const s = await start({}, bare);
    expect((await fetch(s.url('/'))).headers.get('access-control-allow-origin')).toBeNull();
    await s.close();
    const every = await start({ corsOn: 'every-response' }, bare);
    expect((await fetch(every.url('/'))).headers.get('access-control-allow-origin')).toBe('*');
  });

  it('records each request with its path, headers and body, preflights included; or nothing when told', async () => {
    const s = await start({}, ok);
    await fetch(s.url('/mcp?x=1'), {
      method: 'POST',
      headers: { 'x-api-key': 'k-1' },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    await fetch(s.url('/mcp'), { method: 'OPTIONS', headers: PREFLIGHT });
    expect(s.recorder.requests.map((r) => [r.seq, r.method, r.path])).toEqual([
      [0, 'POST', '/mcp?x=1'],
      [1, 'OPTIONS', '/mcp'],
    ]);
    expect(s.recorder.requests[0]?.headers['x-api-key']).toBe('k-1');
    expect(s.recorder.calls('tools/list')).toHaveLength(1);
    expect(s.recorder.sawText('k-1')).toBe(true);
    await s.close();
    const quiet = await start({ record: false }, ok);
    await fetch(quiet.url('/mcp'));
    expect(quiet.recorder.requests).toEqual([]);
  });

  it('answers 500 when the handler throws and says so on stderr under its tag', async () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation(
      (chunk: string | Uint8Array) => (lines.push(String(chunk)), true),
    );
    const s = await start({ tag: 'mcp-broken' }, () => {
      throw new Error('handler fell over');
    });
    const res = await fetch(s.url('/mcp'));
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('');
    expect(lines.some((l) => l.startsWith('[mcp-broken] Error: handler fell over'))).toBe(true);
    await s.close();
    const json = await start(
      {
        internalError: (r) => void r.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"internal"}'),
      },
      async () => {
        throw new Error('again');
      },
    );
    expect(await (await fetch(json.url('/'))).json()).toEqual({ error: 'internal' });
  });
});
