import { afterEach, describe, expect, it } from 'vitest';
import { startAuthServer, type TestAuthServer } from '../../../e2e/mcp-servers/auth-server';
import { startModernMcpServer, type ModernMcpServer } from '../../../e2e/mcp-servers/modern-server';
import { connectMcpServer } from '../connection';
import { createMcpToolHandles } from '../tool-handles';
import { createMcpSignIn } from './sign-in';
import type { McpAuthStore } from './auth-types';

const REDIRECT = 'http://127.0.0.1:1/oauth-callback.html';

function memoryStore(): McpAuthStore {
  const map = new Map<string, unknown>();
  return {
    get: async (k) => map.get(k),
    set: async (k, v) => void map.set(k, structuredClone(v)),
    delete: async (k) => void map.delete(k),
  };
}

async function approve(url: URL): Promise<URL> {
  const response = await fetch(url, { redirect: 'manual' });
  return new URL(response.headers.get('location') ?? '', url);
}

let stop: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const s of stop) await s();
  stop = [];
});

async function signedIn(fetchFn?: typeof fetch) {
  const as: TestAuthServer = await startAuthServer({ registration: 'dynamic-only' });
  const mcp: ModernMcpServer = await startModernMcpServer({
    cors: 'full',
    oauth: { authorizationServers: [as.issuer], accepts: (a) => as.accepts(a) },
  });
  stop.push(
    () => mcp.close(),
    () => as.close(),
  );
  const signIn = createMcpSignIn({
    serverUrl: mcp.url,
    store: memoryStore(),
    redirectUrl: REDIRECT,
    authorize: approve,
    probeNoCors: async () => 'reachable',
    ...(fetchFn !== undefined ? { fetch: fetchFn } : {}),
  });
  expect((await signIn.signIn()).status).toBe('signed-in');
  return { as, mcp, signIn };
}

describe('a connection whose sign-in can no longer be renewed', () => {
  it('says to sign in again when the refresh is refused', async () => {
    const { as, mcp, signIn } = await signedIn();
    as.expireAccessTokens();
    as.revokeRefreshTokens();
    const result = await connectMcpServer({
      url: mcp.url,
      pageOrigin: null,
      authProvider: signIn.authProvider,
      fetch: signIn.fetch,
      takeAuthFailure: signIn.takeFailure,
    });

    expect(result).toMatchObject({ status: 'needs-sign-in', httpStatus: 401 });
    expect(result.status === 'needs-sign-in' ? result.message : '').toBe(
      `Your sign-in to ${new URL(mcp.url).host} ran out and could not be renewed: sign in again.`,
    );
    expect(as.grants.at(-1)).toBe('refresh_token');
  });

  it('names the blocked token endpoint when the refresh cannot be read by a page', async () => {
    let block = false;
    // After sign-in the token endpoint starts answering without CORS: the browser sees a bare network error.
    const flaky: typeof fetch = async (input, init) => {
      const body = init?.body;
      if (block && body instanceof URLSearchParams && body.get('grant_type') === 'refresh_token')
        throw new TypeError('Failed to fetch');
      return fetch(input, init);
    };
    const { as, mcp, signIn } = await signedIn(flaky);
    block = true;
    as.expireAccessTokens();
    const result = await connectMcpServer({
      url: mcp.url,
      pageOrigin: null,
      authProvider: signIn.authProvider,
      fetch: signIn.fetch,
      takeAuthFailure: signIn.takeFailure,
    });
    expect(result).toMatchObject({ status: 'needs-sign-in' });
    expect(result.status === 'needs-sign-in' ? result.message : '').toMatch(
      /does not allow browsers: its token endpoint must send Access-Control-Allow-Origin/,
    );
  });
});

describe('a sign-in that runs out while the connection is live', () => {
  it('fails the call with the sign-in sentence and reports needs sign-in', async () => {
    const { as, mcp, signIn } = await signedIn();
    const states: string[] = [];
    const result = await connectMcpServer({
      url: mcp.url,
      pageOrigin: null,
      authProvider: signIn.authProvider,
      fetch: signIn.fetch,
      takeAuthFailure: signIn.takeFailure,
      onState: (s) => states.push(s.status),
    });
    if (result.status !== 'connected') throw new Error(`not connected: ${result.status}`);
    as.expireAccessTokens();
    as.revokeRefreshTokens();

    const call = result.connection.callTool(
      'echo',
      { text: 'hi' },
      { signal: new AbortController().signal, timeoutMs: 10_000 },
    );
    const sentence = `Your sign-in to ${new URL(mcp.url).host} ran out and could not be renewed: sign in again.`;
    await expect(call).rejects.toMatchObject({ name: 'McpSignInExpiredError', message: sentence });
    expect(states.at(-1)).toBe('needs-sign-in');

    // Through the agent's tool handle the model reads that sentence, not a generic tool failure.
    const tools = [{ name: 'echo', inputSchema: { type: 'object' } }];
    const { handles } = createMcpToolHandles(result.connection, tools, {
      serverKey: 's',
      prefix: 'auth',
      check: async () => [],
    });
    const outcome = await handles[0]?.runDetailed(
      { text: 'hi' },
      { signal: new AbortController().signal, timeoutMs: 10_000, callId: 'c1' },
    );
    expect(outcome).toMatchObject({ outcome: 'error', content: sentence });
    await result.connection.close();
  });
});
