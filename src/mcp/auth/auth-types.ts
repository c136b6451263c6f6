/*
 * Sign-in to MCP servers (OAuth 2.1 with PKCE): the vocabulary the app uses. Nothing here imports the SDK.
 */
import type { NoCorsProbe } from '../types';

/**
 * Where sign-in keeps what it must remember: tokens (by server and issuer), client registrations (by issuer) and
 * the state of a sign-in under way (it must survive a redirect away from the page). Values are plain JSON. The
 * app injects its own storage; nothing stored here is ever exported.
 */
export interface McpAuthStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Why sign-in failed, in terms a person can act on. */
export type McpAuthFailure =
  /** The authorization server's token endpoint sends no CORS headers: a page cannot finish the sign-in. */
  | { kind: 'token-endpoint-blocks-browsers'; tokenEndpoint: string; message: string }
  /** The server offers neither a Client ID Metadata Document nor dynamic registration: paste a client id. */
  | { kind: 'needs-client-id'; issuer: string; message: string }
  /** The authorization response or the metadata named another issuer than the one asked (mix-up defence). */
  | { kind: 'issuer-mismatch'; message: string }
  /** The person refused, or the authorization server answered the redirect with an error. */
  | { kind: 'denied'; message: string }
  | { kind: 'cancelled'; message: string }
  | { kind: 'unreachable'; message: string }
  | { kind: 'protocol'; message: string };

export type McpSignInResult = { status: 'signed-in'; issuer: string } | { status: 'failed'; failure: McpAuthFailure };

export type McpAuthStatus =
  | { signedIn: false }
  | { signedIn: true; issuer: string; expiresAt?: number; scope?: string };

/** What the authorization server sent back to the redirect URI. */
export type AuthorizationCallback =
  | { kind: 'code'; code: string; state: string | null; iss: string | null }
  | { kind: 'error'; error: string; description: string | null; state: string | null };

export type McpSignInOptions = {
  /** The MCP server's URL (the protected resource). */
  serverUrl: string;
  store: McpAuthStore;
  /** The page's OAuth callback; the authorization server redirects the person here with the code. */
  redirectUrl: string;
  /**
   * The URL of the app's Client ID Metadata Document; used as the client id where the authorization server
   * accepts such documents. Only https URLs qualify (a document on http://localhost is never used).
   */
  clientMetadataUrl?: string;
  clientName?: string;
  /**
   * Shows the authorization page to the person (a popup, or the whole tab) and resolves with the URL the
   * authorization server sent them back to. Rejects (or the signal aborts) when the person gives up.
   */
  authorize?: (authorizationUrl: URL, signal: AbortSignal) => Promise<URL>;
  /** The network; the page's fetch by default. */
  fetch?: typeof fetch;
  /** Tells a CORS refusal from an unreachable server; the browser's no-cors fetch by default. */
  probeNoCors?: NoCorsProbe;
};
