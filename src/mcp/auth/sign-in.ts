/**
 * Signing in to one MCP server, for a page with no server of its own: OAuth 2.1 with PKCE through the SDK's `auth`
 * (protected-resource metadata, probed at its well-known path when the 401's WWW-Authenticate is hidden, then the
 * authorization server's metadata; the issuer checked against both the metadata and the `iss` of the redirect).
 * The client id is, in order: the app's Client ID Metadata Document where the server accepts one, a dynamic
 * registration where the server offers it, else the id the person pastes (sign-in fails as `needs-client-id` until
 * they do). Tokens go to the store, keyed by server and issuer; the SDK's transport refreshes them through
 * `authProvider`.
 *
 *   const signIn = createMcpSignIn({ serverUrl, store, redirectUrl, clientMetadataUrl, authorize: openPopup });
 *   const result = await signIn.signIn();                          // or beginSignIn() + completeSignIn(callbackUrl)
 *   await connectMcpServer({ url: serverUrl, authProvider: signIn.authProvider, fetch: signIn.fetch });
 *   await signIn.signOut();
 */
// Before the SDK's zod schemas are first used: no eval probe under the page's CSP (zod-jitless.ts).
import '../zod-jitless';
import {
  auth,
  AuthorizationServerMismatchError,
  computeScopeUnion,
  IssuerMismatchError,
  isStrictScopeSuperset,
  OAuthError,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import { browserNoCorsProbe } from '../no-cors-probe';
import { McpAuthError } from './auth-error';
import { parseAuthorizationCallback } from './callback';
import { StoreOAuthProvider } from './store-provider';
import { guardTokenEndpoint } from './token-endpoint-guard';
import { shareRefreshes } from './shared-refresh';
import type { McpSignInChallenge } from '../types';
import type { McpAuthFailure, McpAuthStatus, McpSignInOptions, McpSignInResult } from './auth-types';

type BeginSignInResult = { status: 'redirect'; authorizationUrl: URL } | McpSignInResult;

type BeginSignInOptions = {
  /** A client id the person pasted (for an authorization server that lets no app register itself). */
  clientId?: string;
  /** The connection's challenge (its needs-sign-in state): the scope to ask for, and whether it is a step-up. */
  challenge?: McpSignInChallenge;
};

export interface McpSignIn {
  /** Give this to connectMcpServer: it sends the token and refreshes it. */
  readonly authProvider: OAuthClientProvider;
  /** The network with the token-endpoint check; give it to connectMcpServer too, so a failed refresh is named. */
  readonly fetch: typeof fetch;
  /** The whole sign-in, showing the authorization page through `authorize`. */
  signIn(options?: BeginSignInOptions & { signal?: AbortSignal }): Promise<McpSignInResult>;
  /** The first half: where to send the person (or signed in already, when stored tokens could be refreshed). */
  beginSignIn(options?: BeginSignInOptions): Promise<BeginSignInResult>;
  /** The second half, with the URL the authorization server sent the person back to. */
  completeSignIn(callbackUrl: URL | string): Promise<McpSignInResult>;
  /** Forgets this server's tokens and any sign-in under way. */
  signOut(): Promise<void>;
  status(): Promise<McpAuthStatus>;
  /** The token endpoint's last failure since this was last called (a refresh the SDK gave up on), then forgets it. */
  takeFailure(): McpAuthFailure | null;
}

export function createMcpSignIn(options: McpSignInOptions): McpSignIn {
  const provider = new StoreOAuthProvider({
    serverUrl: options.serverUrl,
    store: options.store,
    redirectUrl: options.redirectUrl,
    ...(options.clientMetadataUrl !== undefined ? { clientMetadataUrl: options.clientMetadataUrl } : {}),
    clientName: options.clientName ?? 'Toolscope',
  });
  const base = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const pageOrigin = globalThis.location?.origin ?? null;
  // Requests that find the token expired together redeem the refresh token once (shared-refresh.ts).
  const guard = guardTokenEndpoint(shareRefreshes(base), options.probeNoCors ?? browserNoCorsProbe, pageOrigin);
  let lastFailure: McpAuthFailure | null = null;
  const guarded: typeof fetch = async (input, init) => {
    try {
      return await guard(input, init);
    } catch (error) {
      if (error instanceof McpAuthError) lastFailure = error.failure;
      throw error;
    }
  };
  const serverUrl = options.serverUrl;

  const signedIn = async (): Promise<McpSignInResult> => {
    const tokens = await provider.tokens();
    if (tokens?.issuer === undefined)
      return { status: 'failed', failure: { kind: 'protocol', message: 'The authorization server sent no tokens.' } };
    return { status: 'signed-in', issuer: tokens.issuer };
  };

  const beginSignIn = async (opts: BeginSignInOptions = {}): Promise<BeginSignInResult> => {
    const pasted = opts.clientId?.trim();
    provider.pastedClientId = pasted !== undefined && pasted !== '' ? pasted : null;
    provider.pendingAuthorization = null;
    try {
      // Discovery runs afresh: the server may name another authorization server since the last sign-in, and then
      // the sign-in registers there and drops the old one's tokens (store-provider.ts). The metadata is read again
      // where the challenge (or the last discovery) found it.
      const known = (await provider.flow()).discovery?.resourceMetadataUrl;
      await provider.invalidateCredentials('discovery');
      const request = await requestFor(opts.challenge, provider);
      const metadataAt = opts.challenge?.resourceMetadataUrl ?? known;
      if (metadataAt !== undefined) request.resourceMetadataUrl = new URL(metadataAt);
      const result = await auth(provider, { serverUrl, fetchFn: guarded, ...request });
      if (result === 'AUTHORIZED') return await signedIn();
      const url = provider.pendingAuthorization;
      if (url === null)
        return {
          status: 'failed',
          failure: { kind: 'protocol', message: 'The sign-in did not produce an authorization page.' },
        };
      return { status: 'redirect', authorizationUrl: url };
    } catch (error) {
      return { status: 'failed', failure: await classify(error, provider) };
    }
  };

  const completeSignIn = async (callbackUrl: URL | string): Promise<McpSignInResult> => {
    const callback = parseAuthorizationCallback(callbackUrl);
    const flow = await provider.flow();
    if (callback.state !== (flow.state ?? null)) {
      return {
        status: 'failed',
        failure: {
          kind: 'protocol',
          message:
            'The sign-in answer does not belong to the sign-in this page started (its state differs). Start signing in again.',
        },
      };
    }
    if (callback.kind === 'error') {
      const denied = callback.error === 'access_denied';
      const detail = callback.description !== null ? `: ${callback.description}` : '';
      return {
        status: 'failed',
        failure: {
          kind: denied ? 'denied' : 'protocol',
          message: denied
            ? 'Sign-in was refused at the authorization server.'
            : `The authorization server answered ${callback.error}${detail}.`,
        },
      };
    }
    try {
      const result = await auth(provider, {
        serverUrl,
        authorizationCode: callback.code,
        ...(callback.iss !== null ? { iss: callback.iss } : {}),
        fetchFn: guarded,
      });
      await provider.invalidateCredentials('verifier');
      if (result !== 'AUTHORIZED')
        return {
          status: 'failed',
          failure: { kind: 'protocol', message: 'The authorization server did not accept the sign-in.' },
        };
      return await signedIn();
    } catch (error) {
      return { status: 'failed', failure: await classify(error, provider) };
    }
  };

  return {
    authProvider: provider,
    fetch: guarded,
    beginSignIn,
    completeSignIn,
    signIn: async (opts = {}) => {
      const begun = await beginSignIn({
        ...(opts.clientId !== undefined ? { clientId: opts.clientId } : {}),
        ...(opts.challenge !== undefined ? { challenge: opts.challenge } : {}),
      });
      if (begun.status !== 'redirect') return begun;
      const authorize = options.authorize;
      if (authorize === undefined)
        return {
          status: 'failed',
          failure: { kind: 'protocol', message: 'This sign-in cannot show the authorization page.' },
        };
      let callbackUrl: URL;
      try {
        callbackUrl = await authorize(begun.authorizationUrl, opts.signal ?? new AbortController().signal);
      } catch {
        return {
          status: 'failed',
          failure: { kind: 'cancelled', message: 'Sign-in was cancelled before it finished.' },
        };
      }
      return completeSignIn(callbackUrl);
    },
    signOut: () => provider.forget(),
    takeFailure: () => {
      const failure = lastFailure;
      lastFailure = null;
      return failure;
    },
    status: async () => {
      const tokens = (await provider.tokens()) as
        | (Record<string, unknown> & { issuer?: string; scope?: string })
        | undefined;
      if (tokens?.issuer === undefined) return { signedIn: false };
      const expiresAt = typeof tokens.expires_at === 'number' ? tokens.expires_at : undefined;
      return {
        signedIn: true,
        issuer: tokens.issuer,
        ...(expiresAt !== undefined ? { expiresAt } : {}),
        ...(tokens.scope !== undefined ? { scope: tokens.scope } : {}),
      };
    },
  };
}

/**
 * What to ask the authorization server for. A 401's challenge names the scope to ask for (else the metadata's
 * scopes are asked for). A step-up (403 insufficient_scope) asks for what was granted and what the server now wants
 * together, so nothing granted is lost, and skips the refresh, which cannot widen a grant (RFC 6749 §6).
 */
async function requestFor(
  challenge: McpSignInChallenge | undefined,
  provider: StoreOAuthProvider,
): Promise<{ scope?: string; forceReauthorization?: boolean; resourceMetadataUrl?: URL }> {
  if (challenge === undefined) return {};
  if (challenge.kind === 'sign-in') return challenge.scope !== undefined ? { scope: challenge.scope } : {};
  const granted = (await provider.tokens())?.scope;
  const scope = computeScopeUnion(granted, challenge.scope);
  return {
    ...(scope !== undefined ? { scope } : {}),
    forceReauthorization: challenge.scope === undefined || isStrictScopeSuperset(scope, granted),
  };
}

async function classify(error: unknown, provider: StoreOAuthProvider): Promise<McpAuthFailure> {
  if (error instanceof McpAuthError) return error.failure;
  if (error instanceof IssuerMismatchError || error instanceof AuthorizationServerMismatchError) {
    return {
      kind: 'issuer-mismatch',
      message: `The authorization server's answer names another issuer than the one this sign-in started with, so it was not trusted (${error.message}).`,
    };
  }
  const metadata = (await provider.flow()).discovery?.authorizationServerMetadata;
  const message = error instanceof Error ? error.message : String(error);
  if (
    metadata !== undefined &&
    metadata.registration_endpoint === undefined &&
    /dynamic client registration/i.test(message)
  ) {
    return {
      kind: 'needs-client-id',
      issuer: metadata.issuer,
      message:
        `The authorization server ${metadata.issuer} lets no new app register itself. Register Toolscope ` +
        `there (redirect URI: ${provider.redirectUrl}) and paste the client id it gives you.`,
    };
  }
  if (error instanceof OAuthError)
    return { kind: 'protocol', message: `The authorization server refused: ${error.code}: ${error.message}` };
  if (error instanceof TypeError)
    return {
      kind: 'unreachable',
      message: `The sign-in could not reach the server or its authorization server (${message}).`,
    };
  return { kind: 'protocol', message };
}
