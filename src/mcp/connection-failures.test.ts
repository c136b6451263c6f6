/*
 * Failed connects against real servers over real sockets. Node has no CORS, so the CORS cases run through a fetch
 * that applies a browser's CORS rules (e2e/mcp-servers/browser-cors-fetch.ts) for a page at PAGE; the no-cors
 * probe, which only a browser can run, is replaced by a plain request (any answer = reachable).
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBrowserCorsFetch, nodeNoCorsProbe } from '../../e2e/mcp-servers/browser-cors-fetch';
import { startEverythingServer, type EverythingMcpServer } from '../../e2e/mcp-servers/everything-server';
import { startModernMcpServer, type ModernMcpServer } from '../../e2e/mcp-servers/modern-server';
import { connectMcpServer, type McpConnectOptions } from './connection';

const PAGE = 'http://toolscope.test';
let modern: ModernMcpServer;
let legacy: EverythingMcpServer;

beforeAll(async () => {
  [modern, legacy] = await Promise.all([startModernMcpServer(), startEverythingServer()]);
});
afterAll(async () => {
  await Promise.all([modern.close(), legacy.close()]);
});

const asPage = (
  extra: Partial<McpConnectOptions> & { url: string },
): Promise<Awaited<ReturnType<typeof connectMcpServer>>> =>
  connectMcpServer({ pageOrigin: PAGE, fetch: createBrowserCorsFetch(PAGE), probeNoCors: nodeNoCorsProbe, ...extra });

async function freePortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}/mcp`;
}

describe('connecting from a page: CORS told apart from the rest', () => {
  it('a page connects to both generations when CORS is set up', async () => {
    for (const url of [modern.url, legacy.url]) {
      const result = await asPage({ url });
      expect(result.status).toBe('connected');
      if (result.status === 'connected') await result.connection.close();
    }
  });

  it('a server without CORS headers: cors, allow-origin', async () => {
    modern.setCors('none');
    try {
      const result = await asPage({ url: modern.url });
      expect(result).toMatchObject({ status: 'failed', failure: { kind: 'cors', gap: { kind: 'allow-origin' } } });
      if (result.status === 'failed') expect(result.failure.message).toMatch(/Access-Control-Allow-Origin/);
    } finally {
      modern.setCors('full');
    }
  });

  it('an allow-list that predates the MCP headers: cors, naming the headers to allow', async () => {
    modern.setCors('no-mcp-headers');
    try {
      const result = await asPage({ url: modern.url });
      expect(result).toMatchObject({
        status: 'failed',
        failure: { kind: 'cors', gap: { kind: 'allow-headers', headers: ['mcp-method', 'mcp-protocol-version'] } },
      });
      if (result.status === 'failed') expect(result.failure.message).toMatch(/Access-Control-Allow-Headers/);
    } finally {
      modern.setCors('full');
    }
  });

  it("in the SDK's browser branch (discovery refused by CORS falls back to initialize) the refused headers are still named", async () => {
    // The SDK takes its browser path when window and document exist: a CORS failure of server/discover then means
    // "an older server" and it sends initialize. A server that also serves 2025 clients answers it, and the next
    // request (carrying MCP-Protocol-Version) meets the wall; a 2026-only server refuses it, and the refused
    // discovery is the cause to report.
    const both = await startModernMcpServer({ legacy: 'stateless', cors: 'no-mcp-headers' });
    const modernOnly = await startModernMcpServer({ legacy: 'reject', cors: 'no-mcp-headers' });
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    try {
      expect(await asPage({ url: both.url })).toMatchObject({
        status: 'failed',
        failure: { kind: 'cors', gap: { kind: 'allow-headers', headers: ['mcp-protocol-version'] } },
      });
      expect(both.recorder.calls('initialize')).toHaveLength(1);
      expect(await asPage({ url: modernOnly.url })).toMatchObject({
        status: 'failed',
        failure: { kind: 'cors', gap: { kind: 'allow-headers', headers: ['mcp-method', 'mcp-protocol-version'] } },
      });
      expect(modernOnly.recorder.calls('initialize')).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
      await Promise.all([both.close(), modernOnly.close()]);
    }
  });

  it('a 2025 session id the server does not expose: cors, expose Mcp-Session-Id', async () => {
    legacy.setCors('no-expose');
    try {
      const result = await asPage({ url: legacy.url });
      expect(result).toMatchObject({
        status: 'failed',
        failure: { kind: 'cors', gap: { kind: 'expose-headers', headers: ['mcp-session-id'] } },
      });
    } finally {
      legacy.setCors('full');
    }
  });

  it('a sign-in challenge the page cannot read: cors, expose WWW-Authenticate; readable, it is needs-sign-in', async () => {
    const guarded = await startModernMcpServer({ requireHeader: { name: 'x-api-key', value: 'k' }, cors: 'no-expose' });
    try {
      expect(await asPage({ url: guarded.url })).toMatchObject({
        status: 'failed',
        failure: { kind: 'cors', gap: { kind: 'expose-headers', headers: ['www-authenticate'] } },
      });
      guarded.setCors('full');
      expect(await asPage({ url: guarded.url })).toMatchObject({ status: 'needs-sign-in', httpStatus: 401 });
      expect(await connectMcpServer({ url: guarded.url, pageOrigin: null })).toMatchObject({
        status: 'needs-sign-in',
        httpStatus: 401,
      });
    } finally {
      await guarded.close();
    }
  });

  it('nothing listening: unreachable, from a page and from Node alike', async () => {
    const url = await freePortUrl();
    expect(await asPage({ url })).toMatchObject({ status: 'failed', failure: { kind: 'unreachable' } });
    expect(await connectMcpServer({ url, pageOrigin: null, probeNoCors: nodeNoCorsProbe })).toMatchObject({
      status: 'failed',
      failure: { kind: 'unreachable' },
    });
  });
});

describe('connecting: not MCP, bad input', () => {
  const node = (url: string) => connectMcpServer({ url, pageOrigin: null, probeNoCors: nodeNoCorsProbe });

  it('a path where nothing serves MCP: not-an-mcp-endpoint 404', async () => {
    const result = await node(`${modern.origin}/nothing-here`);
    expect(result).toMatchObject({ status: 'failed', failure: { kind: 'not-an-mcp-endpoint', status: 404 } });
    if (result.status === 'failed') expect(result.failure.message).toMatch(/\/mcp/);
  });

  it('a redirect to another origin is not followed', async () => {
    const result = await node(`${modern.origin}/redirect-away?to=${encodeURIComponent(legacy.url)}`);
    expect(result).toMatchObject({ status: 'failed', failure: { kind: 'not-an-mcp-endpoint', status: 307 } });
    if (result.status === 'failed') expect(result.failure.message).toContain(legacy.url);
  });

  it('a URL that is not http(s), and a header that cannot be sent, fail before any request', async () => {
    const before = modern.recorder.requests.length;
    expect(await node('ftp://example.com/mcp')).toMatchObject({ status: 'failed', failure: { kind: 'unreachable' } });
    expect(await node('not a url')).toMatchObject({ status: 'failed', failure: { kind: 'unreachable' } });
    const bad = await connectMcpServer({
      url: modern.url,
      pageOrigin: null,
      headers: { 'x-key': 'line\nbreak-secret' },
    });
    expect(bad).toMatchObject({ status: 'failed', failure: { kind: 'protocol' } });
    if (bad.status === 'failed') expect(bad.failure.message).not.toContain('break-secret');
    expect(
      await connectMcpServer({ url: modern.url, pageOrigin: null, headers: { 'Mcp-Session-Id': 'x' } }),
    ).toMatchObject({ status: 'failed' });
    expect(modern.recorder.requests.length).toBe(before);
  });

  it("aborting rejects with the signal's reason", async () => {
    const stop = new AbortController();
    stop.abort(new Error('closed the dialog'));
    await expect(connectMcpServer({ url: modern.url, pageOrigin: null, signal: stop.signal })).rejects.toThrow(
      'closed the dialog',
    );
  });
});
