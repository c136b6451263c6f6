import type { AuthorizationCallback } from './auth-types';

/** Reads the authorization server's answer from the redirect URI it sent the person to (RFC 6749 4.1.2, RFC 9207). */
export function parseAuthorizationCallback(url: URL | string): AuthorizationCallback {
  const params = new URL(url).searchParams;
  const state = params.get('state');
  const code = params.get('code');
  if (code !== null) return { kind: 'code', code, state, iss: params.get('iss') };
  return {
    kind: 'error',
    error: params.get('error') ?? 'no_code',
    description: params.get('error_description'),
    state,
  };
}
