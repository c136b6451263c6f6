import { afterEach, describe, expect, it } from 'vitest';
import { startAuthServer, type TestAuthServer } from '../../../e2e/mcp-servers/auth-server';
import { createBrowserCorsFetch } from '../../../e2e/mcp-servers/browser-cors-fetch';
import { startModernMcpServer, type ModernMcpServer } from '../../../e2e/mcp-servers/modern-server';
import { connectMcpServer } from '../connection';
import { createMcpSignIn } from './sign-in';
import { authKeys } from './store-provider';
import type { McpAuthStore } from './auth-types';

const PAGE = 'http://127.0.0.1:1';
const REDIRECT = `${PAGE}/oauth-callback.html`;

function memoryStore(): McpAuthStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: async (k) => map.get(k),
    set: async (k, v) => void map.set(k, structuredClone(v)),
    delete: async (k) => void map.delete(k),
  };
}

/** The person: approves on the authorization page, which sends them back with the code. */
async function approve(url: URL): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  return new URL(response.headers.get('location') ?? '', url);
}

const reachable = async () => 'reachable' as const;
let stop: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const s of stop) await s();
  stop = [];
});

async function setUp(
  options: Parameters<typeof startAuthServer>[0] = {},
): Promise<{ as: TestAuthServer; mcp: ModernMcpServer }> {
  const as = await startAuthServer(options);
  const mcp = await startModernMcpServer({
    cors: 'full',
    oauth: { authorizationServers: [as.issuer], accepts: (a) => as.accepts(a) },
  });
  stop.push(
    () => mcp.close(),
    () => as.close(),
  );
  return { as, mcp };
}

const callEcho = async (url: string, signIn: ReturnType<typeof createMcpSignIn>) => {
  const result = await connectMcpServer({
    url,
    pageOrigin: null,
    authProvider: signIn.authProvider,
    fetch: signIn.fetch,
  });
  if (result.status !== 'connected') return result.status;
  try {
    const out = await result.connection.callTool(
      'echo',
      { text: 'hi' },
      { signal: new AbortController().signal, timeoutMs: 10_000 },
    );
    return out.content[0]?.type === 'text' ? out.content[0].text : 'no text';
  } finally {
    await result.connection.close();
  }
};

describe('MCP sign-in against a local authorization server', () => {
  it('registers dynamically, signs in with PKCE, keys tokens by issuer, refreshes them and forgets them on sign-out', async () => {
    const { as, mcp } = await setUp({ registration: 'dynamic-only' });
    const store = memoryStore();
    const signIn = createMcpSignIn({
      serverUrl: mcp.url,
      store,
      redirectUrl: REDIRECT,
      authorize: approve,
      probeNoCors: reachable,
    });
    expect(await callEcho(mcp.url, signIn)).toBe('needs-sign-in');

    const result = await signIn.signIn();
    expect(result).toEqual({ status: 'signed-in', issuer: as.issuer });
    expect(as.grants).toEqual(['authorization_code']);
    expect(store.map.has(authKeys.tokens(mcp.url, as.issuer))).toBe(true);
    expect(store.map.has(authKeys.client(as.issuer))).toBe(true);
    expect(await callEcho(mcp.url, signIn)).toBe('echo: hi');

    as.expireAccessTokens();
    expect(await callEcho(mcp.url, signIn)).toBe('echo: hi');
    expect(as.grants).toEqual(['authorization_code', 'refresh_token']);

    await signIn.signOut();
    expect(await signIn.status()).toEqual({ signedIn: false });
    expect(await callEcho(mcp.url, signIn)).toBe('needs-sign-in');
  });

  it('uses the Client ID Metadata Document as the client id where the server accepts one', async () => {
    const { as, mcp } = await setUp({ registration: 'metadata-document' });
    const store = memoryStore();
    const doc = 'https://toolscope.example/app/oauth-client-metadata.json';
    const signIn = createMcpSignIn({
      serverUrl: mcp.url,
      store,
      redirectUrl: REDIRECT,
      clientMetadataUrl: doc,
      authorize: approve,
      probeNoCors: reachable,
    });
    expect((await signIn.signIn()).status).toBe('signed-in');
    expect(store.map.get(authKeys.client(as.issuer))).toMatchObject({ client_id: doc });
    expect(await callEcho(mcp.url, signIn)).toBe('echo: hi');
  });

  it('asks for a client id when the server offers neither a metadata document nor registration, then signs in with the pasted one', async () => {
    const { as, mcp } = await setUp({ registration: 'none' });
    const signIn = createMcpSignIn({
      serverUrl: mcp.url,
      store: memoryStore(),
      redirectUrl: REDIRECT,
      authorize: approve,
      probeNoCors: reachable,
    });
    const first = await signIn.signIn();
    expect(first).toMatchObject({ status: 'failed', failure: { kind: 'needs-client-id', issuer: as.issuer } });
    expect(await signIn.signIn({ clientId: 'pasted-client' })).toEqual({ status: 'signed-in', issuer: as.issuer });
    expect(await callEcho(mcp.url, signIn)).toBe('echo: hi');
  });

  it('says plainly that an authorization server whose token endpoint sends no CORS headers blocks browsers', async () => {
    const { mcp } = await setUp({ registration: 'dynamic-only', tokenCors: false });
    const signIn = createMcpSignIn({
      serverUrl: mcp.url,
      store: memoryStore(),
      redirectUrl: REDIRECT,
      authorize: approve,
      fetch: createBrowserCorsFetch(PAGE),
      probeNoCors: async (url) =>
        await fetch(url, { method: 'HEAD' }).then(
          () => 'reachable' as const,
          () => 'unreachable' as const,
        ),
    });
    const result = await signIn.signIn();
    expect(result).toMatchObject({ status: 'failed', failure: { kind: 'token-endpoint-blocks-browsers' } });
    expect(result.status === 'failed' ? result.failure.message : '').toMatch(
      /does not allow browsers: its token endpoint must send Access-Control-Allow-Origin/,
    );
  });
});
