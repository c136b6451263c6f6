import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowserCorsFetch, nodeNoCorsProbe } from '../../e2e/mcp-servers/browser-cors-fetch';
import { startEverythingServer, type EverythingMcpServer } from '../../e2e/mcp-servers/everything-server';
import { startModernMcpServer, type ModernMcpServer } from '../../e2e/mcp-servers/modern-server';
import { connectMcpServer } from './connection';
import { createOriginBoundFetch, createWireLog } from './wire-fetch';

const SECRET = 'sk-mcp-secret-5b1f0c';

describe('the origin-bound fetch', () => {
  const seen: { url: string; headers: Headers; redirect: RequestRedirect | undefined }[] = [];
  const base: typeof fetch = async (input, init) => {
    seen.push({ url: String(input), headers: new Headers(init?.headers), redirect: init?.redirect });
    return new Response('{}', { status: 200 });
  };
  const bound = createOriginBoundFetch({
    serverUrl: new URL('https://mcp.example/mcp'),
    secrets: { 'X-Api-Key': SECRET },
    base,
    log: createWireLog(),
  });

  it("adds the secret to the server's origin only, and strips a header of that name bound elsewhere", async () => {
    seen.length = 0;
    await bound(new URL('https://mcp.example/other'), { method: 'POST' });
    await bound('https://auth.example/token', { method: 'POST', headers: { 'x-api-key': SECRET } });
    await bound('http://mcp.example/mcp', { method: 'POST' });
    expect(seen.map((s) => s.headers.get('x-api-key'))).toEqual([SECRET, null, null]);
  });

  it('never lets the platform follow a redirect with the secret aboard', async () => {
    seen.length = 0;
    await bound('https://mcp.example/mcp', { redirect: 'follow' });
    expect(seen[0]?.redirect).toBe('manual');
  });
});

describe('secret headers on the wire, real servers', () => {
  let a: ModernMcpServer;
  let b: EverythingMcpServer;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      startModernMcpServer({ requireHeader: { name: 'x-api-key', value: SECRET } }),
      startEverythingServer(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('go with every request to their server', async () => {
    const before = a.recorder.requests.length;
    const result = await connectMcpServer({ url: a.url, pageOrigin: null, headers: { 'X-Api-Key': SECRET } });
    if (result.status !== 'connected') throw new Error(JSON.stringify(result));
    await result.connection.callTool('echo', { text: 'x' }, { signal: new AbortController().signal, timeoutMs: 5_000 });
    await result.connection.close();
    const sent = a.recorder.requests.slice(before);
    expect(sent.length).toBeGreaterThan(2);
    expect(sent.every((r) => r.headers['x-api-key'] === SECRET)).toBe(true);
  });

  it('follow a redirect within the origin', async () => {
    const result = await connectMcpServer({
      url: `${a.origin}/redirect-same`,
      pageOrigin: null,
      headers: { 'X-Api-Key': SECRET },
    });
    expect(result.status).toBe('connected');
    if (result.status === 'connected') await result.connection.close();
  });

  it('never reach another origin a redirect points to', async () => {
    const before = b.recorder.requests.length;
    const result = await connectMcpServer({
      url: `${a.origin}/redirect-away?to=${encodeURIComponent(b.url)}`,
      pageOrigin: null,
      headers: { 'X-Api-Key': SECRET },
    });
    expect(result).toMatchObject({ status: 'failed', failure: { kind: 'not-an-mcp-endpoint' } });
    expect(b.recorder.requests.slice(before)).toEqual([]);
    expect(b.recorder.sawText(SECRET)).toBe(false);
  });

  it('stay out of the CORS diagnosis probes and the failure message', async () => {
    a.setCors('none');
    const before = a.recorder.requests.length;
    try {
      const page = 'http://toolscope.test';
      const result = await connectMcpServer({
        url: a.url,
        pageOrigin: page,
        fetch: createBrowserCorsFetch(page),
        probeNoCors: nodeNoCorsProbe,
        headers: { 'X-Api-Key': SECRET },
      });
      expect(result).toMatchObject({ status: 'failed', failure: { kind: 'cors' } });
      expect(JSON.stringify(result)).not.toContain(SECRET);
      const probes = a.recorder.requests.slice(before);
      expect(probes.length).toBeGreaterThan(0);
      expect(probes.some((r) => JSON.stringify(r.headers).includes(SECRET))).toBe(false);
    } finally {
      a.setCors('full');
    }
  });
});
