/**
 * A minimal OAuth 2.1 authorization server for sign-in tests, on node:http, 127.0.0.1 only: metadata (RFC 8414),
 * an authorization endpoint that approves at once and redirects with `code`, `state` and `iss` (RFC 9207), a token
 * endpoint that checks PKCE (S256), the client and the redirect URI, and refreshes; optionally dynamic
 * registration (RFC 7591). Variants: `tokenCors: false` sends no CORS headers on the token endpoint (a server
 * that blocks browsers); `registration: 'dynamic-only'` offers registration and no Client ID Metadata Documents.
 * Each access token carries the scope its authorization asked for (`hasScope`); authorizations and registrations
 * are recorded for tests.
 */
import { createHash, randomBytes } from 'node:crypto';
import { startHttpShell, type ShellHandler } from './http-shell';

type AuthServerOptions = { tokenCors?: boolean; registration?: 'dynamic-only' | 'none' | 'metadata-document' };

export type TestAuthServer = {
  issuer: string;
  /** Grants seen at the token endpoint, in order. */
  grants: string[];
  /** Requests seen at the authorization endpoint, in order: the client id and the scope asked for (null: none). */
  authorizations: Array<{ clientId: string; scope: string | null }>;
  /** Client ids handed out by dynamic registration, in order. */
  registrations: string[];
  /** Whether the access token in `authorization` is current and was granted `scope`. */
  hasScope(authorization: string | undefined, scope: string): boolean;
  /** Whether an access token is current (the MCP server asks this). */
  accepts(authorization: string | undefined): boolean;
  /** Makes every access token issued so far stale, as if they had run out. */
  expireAccessTokens(): void;
  /** Makes every refresh token issued so far unusable, as if the sign-in had been revoked. */
  revokeRefreshTokens(): void;
  close(): Promise<void>;
};

const b64url = (buf: Buffer) => buf.toString('base64url');

export async function startAuthServer(options: AuthServerOptions = {}): Promise<TestAuthServer> {
  const registration = options.registration ?? 'dynamic-only';
  const codes = new Map<string, { clientId: string; redirectUri: string; challenge: string; scope: string }>();
  const refreshTokens = new Map<string, string>();
  const scopes = new Map<string, string>();
  const authorizations: Array<{ clientId: string; scope: string | null }> = [];
  const registrations: string[] = [];
  const clients = new Set<string>();
  let access = new Set<string>();
  const grants: string[] = [];
  let issuer = '';
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'content-type, accept, mcp-protocol-version',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
  };

  const issue = (scope: string) => {
    const token = b64url(randomBytes(16));
    access.add(token);
    scopes.set(token, scope);
    const refresh = b64url(randomBytes(16));
    refreshTokens.set(refresh, scope);
    return { access_token: token, token_type: 'Bearer', expires_in: 3600, refresh_token: refresh };
  };

  const handle: ShellHandler = (req, res, { url, body: raw, cors: headers }) => {
    const body = raw.toString('utf8');
    const isToken = url.pathname === '/token';
    const json = (status: number, value: unknown): void =>
      void res.writeHead(status, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (url.pathname === '/.well-known/oauth-authorization-server') {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        ...(registration === 'dynamic-only' ? { registration_endpoint: `${issuer}/register` } : {}),
        ...(registration === 'metadata-document' ? { client_id_metadata_document_supported: true } : {}),
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        authorization_response_iss_parameter_supported: true,
      });
    }
    if (url.pathname === '/register' && registration === 'dynamic-only' && req.method === 'POST') {
      const meta = JSON.parse(body) as Record<string, unknown>;
      const clientId = `client-${b64url(randomBytes(6))}`;
      clients.add(clientId);
      registrations.push(clientId);
      return json(201, { ...meta, client_id: clientId, token_endpoint_auth_method: 'none' });
    }
    if (url.pathname === '/authorize') {
      const p = url.searchParams;
      const clientId = p.get('client_id') ?? '';
      const redirectUri = p.get('redirect_uri') ?? '';
      if (p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge'))
        return json(400, { error: 'invalid_request', error_description: 'PKCE S256 required' });
      const code = b64url(randomBytes(12));
      authorizations.push({ clientId, scope: p.get('scope') });
      codes.set(code, { clientId, redirectUri, challenge: p.get('code_challenge') ?? '', scope: p.get('scope') ?? '' });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      if (p.get('state') !== null) back.searchParams.set('state', p.get('state') ?? '');
      back.searchParams.set('iss', issuer);
      return void res.writeHead(302, { location: back.href }).end();
    }
    if (isToken && req.method === 'POST') {
      const p = new URLSearchParams(body);
      const grant = p.get('grant_type') ?? '';
      grants.push(grant);
      if (grant === 'authorization_code') {
        const entry = codes.get(p.get('code') ?? '');
        codes.delete(p.get('code') ?? '');
        const verifier = p.get('code_verifier') ?? '';
        if (entry === undefined || entry.clientId !== p.get('client_id') || entry.redirectUri !== p.get('redirect_uri'))
          return json(400, { error: 'invalid_grant' });
        if (b64url(createHash('sha256').update(verifier).digest()) !== entry.challenge)
          return json(400, { error: 'invalid_grant', error_description: 'PKCE verifier does not match' });
        return json(200, issue(entry.scope));
      }
      if (grant === 'refresh_token') {
        const refresh = p.get('refresh_token') ?? '';
        const scope = refreshTokens.get(refresh);
        if (scope === undefined) return json(400, { error: 'invalid_grant' });
        refreshTokens.delete(refresh);
        return json(200, issue(scope));
      }
      return json(400, { error: 'unsupported_grant_type' });
    }
    json(404, { error: 'not_found' });
  };

  // The token endpoint of a server that blocks browsers answers without CORS, its preflight included.
  const corsFor = (url: URL) => (url.pathname === '/token' && options.tokenCors === false ? {} : cors);
  const shell = await startHttpShell(
    { tag: 'mcp-auth', cors: { headers: (_req, url) => corsFor(url) }, record: false },
    handle,
  );
  issuer = shell.origin;
  return {
    get issuer() {
      return issuer;
    },
    grants,
    authorizations,
    registrations,
    hasScope: (authorization, scope) => {
      const token = authorization?.replace(/^Bearer /i, '') ?? '';
      return access.has(token) && (scopes.get(token) ?? '').split(' ').includes(scope);
    },
    accepts: (authorization) => authorization !== undefined && access.has(authorization.replace(/^Bearer /i, '')),
    expireAccessTokens: () => {
      access = new Set();
    },
    revokeRefreshTokens: () => refreshTokens.clear(),
    close: () => shell.close(),
  };
}
