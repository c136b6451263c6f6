/**
 * The SDK's OAuthClientProvider over the injected store. Tokens are kept per server and per issuer and handed out
 * only for the issuer asked about (a server that moves to another authorization server starts a fresh sign-in
 * instead of presenting the old one's tokens); client registrations are kept per issuer. The SDK stamps each with
 * the issuer it came from and checks that stamp again before use.
 *
 * When discovery finds that the server now names another authorization server, this server's tokens from the old one
 * are dropped (they would be refused there, and must never be offered elsewhere); the old registration stays under
 * the old issuer's key, where the new server never looks, since other servers signed in there still use it.
 *
 * The provider never shows anything to the person: when the SDK wants the authorization page it records the URL,
 * and the sign-in flow (sign-in.ts) decides what to do with it. A token that runs out mid-session is refreshed by
 * the SDK's transport through this provider; when that is no longer possible the call fails as needing sign-in.
 */
import type {
  OAuthClientInformationContext,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { McpAuthStore } from './auth-types';
import { isRecord } from '../../domain/is-record';

/** `requestedScope`: the scope the authorization page was asked for, the token's scope when the server names none. */
type Flow = { codeVerifier?: string; state?: string; discovery?: OAuthDiscoveryState; requestedScope?: string };

export const authKeys = {
  flow: (serverUrl: string) => `mcp-auth:flow:${serverUrl}`,
  current: (serverUrl: string) => `mcp-auth:current:${serverUrl}`,
  tokens: (serverUrl: string, issuer: string) => `mcp-auth:tokens:${serverUrl}:${normalIssuer(issuer)}`,
  client: (issuer: string) => `mcp-auth:client:${normalIssuer(issuer)}`,
};

/** Issuers compare equal with or without one trailing slash (as the SDK compares them). */
function normalIssuer(issuer: string): string {
  return issuer.endsWith('/') ? issuer.slice(0, -1) : issuer;
}

type StoreProviderOptions = {
  serverUrl: string;
  store: McpAuthStore;
  redirectUrl: string;
  clientMetadataUrl?: string;
  clientName: string;
};

export class StoreOAuthProvider implements OAuthClientProvider {
  /** Set by a sign-in that was given a client id by the person; used where nothing is registered yet. */
  pastedClientId: string | null = null;
  /** The authorization page the SDK asked for last. */
  pendingAuthorization: URL | null = null;
  readonly clientMetadataUrl: string | undefined;

  constructor(private readonly options: StoreProviderOptions) {
    // The SDK accepts only https documents with a path; anything else means "no document" rather than an error.
    this.clientMetadataUrl = isHttpsDocument(options.clientMetadataUrl) ? options.clientMetadataUrl : undefined;
  }

  get redirectUrl(): string {
    return this.options.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.clientName,
      redirect_uris: [this.options.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.clientMetadataUrl !== undefined ? { client_uri: new URL('./', this.clientMetadataUrl).href } : {}),
    };
  }

  async state(): Promise<string> {
    const state = randomToken();
    await this.updateFlow({ state });
    return state;
  }

  async clientInformation(ctx?: OAuthClientInformationContext): Promise<StoredOAuthClientInformation | undefined> {
    if (ctx !== undefined) {
      const stored = await this.options.store.get(authKeys.client(ctx.issuer));
      if (isRecord(stored) && typeof stored.client_id === 'string') return stored as StoredOAuthClientInformation;
    }
    return this.pastedClientId !== null ? { client_id: this.pastedClientId } : undefined;
  }

  async saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext): Promise<void> {
    const issuer = ctx?.issuer ?? info.issuer;
    if (issuer !== undefined) await this.options.store.set(authKeys.client(issuer), { ...info });
  }

  async tokens(ctx?: OAuthClientInformationContext): Promise<StoredOAuthTokens | undefined> {
    const { store, serverUrl } = this.options;
    const current = await store.get(authKeys.current(serverUrl));
    const issuer = ctx?.issuer ?? (typeof current === 'string' ? current : undefined);
    if (issuer === undefined) return undefined;
    const stored = await store.get(authKeys.tokens(serverUrl, issuer));
    return isRecord(stored) && typeof stored.access_token === 'string' ? (stored as StoredOAuthTokens) : undefined;
  }

  async saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): Promise<void> {
    const issuer = ctx?.issuer ?? tokens.issuer;
    if (issuer === undefined) return;
    const { store, serverUrl } = this.options;
    const expiresAt = typeof tokens.expires_in === 'number' ? Date.now() + tokens.expires_in * 1000 : undefined;
    // A token response without `scope` granted what was asked (RFC 6749 §3.3); kept, so a step-up asks for it again too.
    const scope = tokens.scope ?? (await this.flow()).requestedScope;
    await store.set(authKeys.tokens(serverUrl, issuer), {
      ...tokens,
      issuer,
      ...(scope !== undefined ? { scope } : {}),
      ...(expiresAt !== undefined ? { expires_at: expiresAt } : {}),
    });
    await store.set(authKeys.current(serverUrl), normalIssuer(issuer));
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    this.pendingAuthorization = authorizationUrl;
    const scope = authorizationUrl.searchParams.get('scope');
    await this.updateFlow({ requestedScope: scope !== null && scope !== '' ? scope : undefined });
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    await this.updateFlow({ codeVerifier });
  }

  async codeVerifier(): Promise<string> {
    const flow = await this.flow();
    if (flow.codeVerifier === undefined) throw new Error('No sign-in is under way for this server: start it again.');
    return flow.codeVerifier;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.forgetAnotherIssuer(discovery.authorizationServerMetadata?.issuer ?? discovery.authorizationServerUrl);
    await this.updateFlow({ discovery });
  }

  /** The server moved to another authorization server: its tokens from the one it left go (see the header). */
  private async forgetAnotherIssuer(issuer: string): Promise<void> {
    const { store, serverUrl } = this.options;
    const current = await store.get(authKeys.current(serverUrl));
    if (typeof current !== 'string' || current === normalIssuer(issuer)) return;
    await store.delete(authKeys.tokens(serverUrl, current));
    await store.delete(authKeys.current(serverUrl));
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.flow()).discovery;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    const { store, serverUrl } = this.options;
    const current = await store.get(authKeys.current(serverUrl));
    if ((scope === 'all' || scope === 'tokens') && typeof current === 'string')
      await store.delete(authKeys.tokens(serverUrl, current));
    if ((scope === 'all' || scope === 'client') && typeof current === 'string')
      await store.delete(authKeys.client(current));
    if (scope === 'all' || scope === 'client') this.pastedClientId = null;
    if (scope === 'verifier') await this.updateFlow({ codeVerifier: undefined });
    if (scope === 'discovery') await this.updateFlow({ discovery: undefined });
  }

  /** Forgets this server's tokens and any sign-in under way; registrations with the issuer stay. */
  async forget(): Promise<void> {
    const { store, serverUrl } = this.options;
    const current = await store.get(authKeys.current(serverUrl));
    if (typeof current === 'string') await store.delete(authKeys.tokens(serverUrl, current));
    await store.delete(authKeys.current(serverUrl));
    await store.delete(authKeys.flow(serverUrl));
    this.pendingAuthorization = null;
  }

  async flow(): Promise<Flow> {
    const stored = await this.options.store.get(authKeys.flow(this.options.serverUrl));
    return isRecord(stored) ? (stored as Flow) : {};
  }

  private async updateFlow(patch: Partial<Flow>): Promise<void> {
    const next: Record<string, unknown> = { ...(await this.flow()), ...patch };
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
    await this.options.store.set(authKeys.flow(this.options.serverUrl), next);
  }
}

function isHttpsDocument(url: string | undefined): url is string {
  if (url === undefined) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.pathname !== '/';
  } catch {
    return false;
  }
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
