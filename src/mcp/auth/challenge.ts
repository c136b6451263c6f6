/**
 * The server's WWW-Authenticate challenge as the sign-in takes it (architecture.md, "MCP sign-in"): the scope a 401
 * names is the scope to ask for, and a 403 insufficient_scope asks for more access than the token carries. The
 * connection reads it off the wire log, so it reaches the sign-in whether or not the connection had a sign-in.
 */
import { extractWWWAuthenticateParams, InsufficientScopeError } from '@modelcontextprotocol/client';
import type { McpSignInChallenge } from '../types';
import type { WireLog } from '../wire-fetch';

/** The challenge of one response, or null when it carries none the sign-in can act on. */
function challengeOf(status: number, wwwAuthenticate: string | null): McpSignInChallenge | null {
  if (wwwAuthenticate === null || (status !== 401 && status !== 403)) return null;
  const { scope, error, resourceMetadataUrl } = extractWWWAuthenticateParams(
    new Response(null, { status, headers: { 'www-authenticate': wwwAuthenticate } }),
  );
  // A 403 for another reason is a refusal, not a request for more scope: signing in again would not change it.
  if (status === 403 && error !== 'insufficient_scope') return null;
  return challenge(status === 403 ? 'more-access' : 'sign-in', scope, resourceMetadataUrl);
}

/** The latest challenge the MCP server itself sent on this connection's wire. */
export function lastChallenge(log: WireLog, serverUrl: URL): McpSignInChallenge | null {
  for (let i = log.entries.length - 1; i >= 0; i--) {
    const entry = log.entries[i];
    if (entry === undefined || entry.result.kind !== 'response' || new URL(entry.url).origin !== serverUrl.origin)
      continue;
    const challenge = challengeOf(entry.result.status, entry.result.wwwAuthenticate);
    if (challenge !== null) return challenge;
  }
  return null;
}

/** The step-up challenge an SDK error carries (the transport throws it on a 403 insufficient_scope), however deep. */
export function insufficientScopeIn(error: unknown): McpSignInChallenge | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof InsufficientScopeError) return challenge('more-access', e.requiredScope, e.resourceMetadataUrl);
  }
  return null;
}

function challenge(
  kind: McpSignInChallenge['kind'],
  scope: string | undefined,
  resourceMetadataUrl: URL | undefined,
): McpSignInChallenge {
  return {
    kind,
    ...(scope !== undefined && scope !== '' ? { scope } : {}),
    ...(resourceMetadataUrl !== undefined ? { resourceMetadataUrl: resourceMetadataUrl.href } : {}),
  };
}

export function moreAccessSentence(host: string, challenge: McpSignInChallenge): string {
  const scope = challenge.scope !== undefined ? ` (${challenge.scope})` : '';
  return `${host} asks you to sign in again for more access${scope}: use Sign in again.`;
}
