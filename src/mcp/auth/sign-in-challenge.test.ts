/**
 * The sign-in asks for what the server's challenge names (architecture.md, "MCP sign-in"), against the local
 * authorization server and the v2-SDK server in OAuth mode: the scope a 401 names, the wider scope a 403
 * insufficient_scope asks for (a step-up keeps what was granted), and a server that moves to another authorization
 * server (a fresh registration there; the old server's tokens dropped, its client id never shown to the new one).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startAuthServer, type TestAuthServer } from '../../../e2e/mcp-servers/auth-server';
import {
  startModernMcpServer,
  type ModernMcpServer,
  type ModernServerOptions,
} from '../../../e2e/mcp-servers/modern-server';
import { connectMcpServer } from '../connection';
import { McpMoreAccessError } from '../sign-in-expired-error';
import type { McpConnectionState } from '../types';
import { createMcpSignIn, type McpSignIn } from './sign-in';
import { authKeys } from './store-provider';
import type { McpAuthStore } from './auth-types';

const REDIRECT = 'http://127.0.0.1:1/oauth-callback.html';

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

let stop: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const s of stop) await s();
  stop = [];
});

async function servers(
  oauth: (as: TestAuthServer) => NonNullable<ModernServerOptions['oauth']>,
): Promise<{ as: TestAuthServer; mcp: ModernMcpServer }> {
  const as = await startAuthServer({ registration: 'dynamic-only' });
  const mcp = await startModernMcpServer({ cors: 'full', oauth: oauth(as) });
  stop.push(
    () => mcp.close(),
    () => as.close(),
  );
  return { as, mcp };
}

function signInFor(url: string, store = memoryStore()): McpSignIn {
  return createMcpSignIn({
    serverUrl: url,
    store,
    redirectUrl: REDIRECT,
    authorize: approve,
    probeNoCors: async () => 'reachable',
  });
}

/** Connects (with the sign-in when given) and calls echo; the needs-sign-in state the connection reported, if any. */
async function callEcho(
  url: string,
  signIn: McpSignIn | null,
): Promise<{ text: string | null; asked: Extract<McpConnectionState, { status: 'needs-sign-in' }> | null }> {
  const seen: { asked: Extract<McpConnectionState, { status: 'needs-sign-in' }> | null } = { asked: null };
  const onState = (state: McpConnectionState) => {
    if (state.status === 'needs-sign-in') seen.asked = state;
  };
  const result = await connectMcpServer({
    url,
    pageOrigin: null,
    onState,
    ...(signIn !== null ? { authProvider: signIn.authProvider, fetch: signIn.fetch } : {}),
  });
  if (result.status !== 'connected') return { text: null, asked: seen.asked };
  try {
    const out = await result.connection.callTool(
      'echo',
      { text: 'hi' },
      { signal: new AbortController().signal, timeoutMs: 10_000 },
    );
    return { text: out.content[0]?.type === 'text' ? out.content[0].text : 'no text', asked: seen.asked };
  } catch (error) {
    if (error instanceof McpMoreAccessError) return { text: null, asked: seen.asked };
    throw error;
  } finally {
    await result.connection.close();
  }
}

describe('MCP sign-in takes the server challenge', () => {
  it('asks for the scope the 401 names, not the metadata default', async () => {
    const { as, mcp } = await servers((as) => ({
      authorizationServers: [as.issuer],
      accepts: (a) => as.accepts(a),
      challengeScope: 'notes:read',
    }));
    const { asked } = await callEcho(mcp.url, null);
    expect(asked?.challenge).toMatchObject({ kind: 'sign-in', scope: 'notes:read' });

    const signIn = signInFor(mcp.url);
    expect(await signIn.signIn({ ...(asked?.challenge !== undefined ? { challenge: asked.challenge } : {}) })).toEqual({
      status: 'signed-in',
      issuer: as.issuer,
    });
    expect(as.authorizations.map((a) => a.scope)).toEqual(['notes:read']);
    expect((await callEcho(mcp.url, signIn)).text).toBe('echo: hi');
  });

  it('asks the person to sign in again for more access on a 403 insufficient_scope, keeping the scope granted', async () => {
    const { as, mcp } = await servers((as) => ({
      authorizationServers: [as.issuer],
      accepts: (a) => as.accepts(a),
      challengeScope: 'notes:read',
      scopeFor: (method) => (method === 'tools/call' ? 'notes:write' : null),
      hasScope: (a, scope) => as.hasScope(a, scope),
    }));
    const signIn = signInFor(mcp.url);
    const first = await callEcho(mcp.url, null);
    expect(
      (await signIn.signIn({ ...(first.asked?.challenge !== undefined ? { challenge: first.asked.challenge } : {}) }))
        .status,
    ).toBe('signed-in');

    const stepUp = await callEcho(mcp.url, signIn);
    expect(stepUp.text).toBeNull();
    expect(stepUp.asked).toMatchObject({ httpStatus: 403, challenge: { kind: 'more-access', scope: 'notes:write' } });
    expect(stepUp.asked?.message).toContain('asks you to sign in again for more access (notes:write)');
    // Nothing happened at the authorization server until the person chose to sign in again.
    expect(as.authorizations).toHaveLength(1);

    expect(
      (await signIn.signIn({ ...(stepUp.asked?.challenge !== undefined ? { challenge: stepUp.asked.challenge } : {}) }))
        .status,
    ).toBe('signed-in');
    expect(as.authorizations.map((a) => a.scope?.split(' ').sort())).toEqual([
      ['notes:read'],
      ['notes:read', 'notes:write'],
    ]);
    // A refresh cannot widen a grant: the step-up went through the authorization page again.
    expect(as.grants).toEqual(['authorization_code', 'authorization_code']);
    expect((await callEcho(mcp.url, signIn)).text).toBe('echo: hi');
  });

  it("registers anew when the server moves to another authorization server, and drops the old one's tokens", async () => {
    const as1 = await startAuthServer({ registration: 'dynamic-only' });
    const as2 = await startAuthServer({ registration: 'dynamic-only' });
    let current = as1;
    const named = [as1.issuer];
    const mcp = await startModernMcpServer({
      cors: 'full',
      oauth: { authorizationServers: named, accepts: (a) => current.accepts(a) },
    });
    stop.push(
      () => mcp.close(),
      () => as1.close(),
      () => as2.close(),
    );
    const store = memoryStore();
    const signIn = signInFor(mcp.url, store);
    expect(await signIn.signIn()).toEqual({ status: 'signed-in', issuer: as1.issuer });
    expect((await callEcho(mcp.url, signIn)).text).toBe('echo: hi');

    // The resource now names the second authorization server and takes only its tokens.
    named.splice(0, 1, as2.issuer);
    current = as2;
    const moved = await callEcho(mcp.url, signIn);
    expect(moved.asked?.httpStatus).toBe(401);
    expect(
      await signIn.signIn({ ...(moved.asked?.challenge !== undefined ? { challenge: moved.asked.challenge } : {}) }),
    ).toEqual({ status: 'signed-in', issuer: as2.issuer });

    expect(as2.registrations).toHaveLength(1);
    expect(as2.authorizations.map((a) => a.clientId)).toEqual(as2.registrations);
    expect(as2.authorizations.some((a) => as1.registrations.includes(a.clientId))).toBe(false);
    expect(store.map.has(authKeys.tokens(mcp.url, as1.issuer))).toBe(false);
    expect(store.map.has(authKeys.tokens(mcp.url, as2.issuer))).toBe(true);
    expect((await callEcho(mcp.url, signIn)).text).toBe('echo: hi');
  });
});
