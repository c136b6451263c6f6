/**
 * Sign in / Sign out for MCP servers that need it, as the Tools view offers them. The whole tab goes to the
 * authorization server and comes back to the app's callback page beside index.html, or, while a run is in progress
 * in this tab, a popup does (sign-in-popup.ts) (architecture.md, "MCP sign-in"): what must survive that trip (PKCE
 * verifier, state, discovery) is kept by the MCP layer in the secrets table; which server the trip was for is kept in
 * this tab's sessionStorage, keyed by the OAuth state.
 */
import { create } from 'zustand';
import type { McpAuthFailure } from '../../../mcp/auth/auth-types';
import type { McpServerRecord } from '../../../domain/mcp-server';
import { db } from '../../../db/database';
import { getMcpServer } from '../../../db/mcp-servers-repo';
import { mcpSignInFor } from './auth-handles';
import { reconnectMcp, useMcpStates } from '../connections/registry';
import { browserPopupHost, openSignInPopup, POPUP_BLOCKED, runInProgress, type PopupHost } from './sign-in-popup';

type McpSignInView = {
  /** Whether the server's tokens are stored, and from which issuer; absent until read. */
  status: Record<string, { signedIn: boolean; issuer?: string }>;
  busy: Record<string, boolean>;
  failures: Record<string, McpAuthFailure | undefined>;
  /** A server the Tools view should open (the one a sign-in just came back for). */
  focusServerId: string | null;
};

export const useMcpSignIn = create<McpSignInView>(() => ({ status: {}, busy: {}, failures: {}, focusServerId: null }));

/** The Tools view opened the server a sign-in came back for: the request is spent. */
export function clearSignInFocus(): void {
  useMcpSignIn.setState({ focusServerId: null });
}

const PENDING_KEY = 'toolscope.mcp-sign-in';
type Pending = { serverId: string; serverUrl: string; state: string };

function patch(
  id: string,
  change: { busy?: boolean; failure?: McpAuthFailure | null; status?: { signedIn: boolean; issuer?: string } },
): void {
  useMcpSignIn.setState((s) => ({
    ...(change.busy !== undefined ? { busy: { ...s.busy, [id]: change.busy } } : {}),
    ...(change.failure !== undefined ? { failures: { ...s.failures, [id]: change.failure ?? undefined } } : {}),
    ...(change.status !== undefined ? { status: { ...s.status, [id]: change.status } } : {}),
  }));
}

/** Reads whether the server's tokens are stored (for the Tools view's Sign in / Sign out). */
export async function refreshMcpSignInStatus(record: Pick<McpServerRecord, 'id' | 'url'>): Promise<void> {
  const status = await (await mcpSignInFor(record.url)).status();
  patch(record.id, { status: status.signedIn ? { signedIn: true, issuer: status.issuer } : { signedIn: false } });
}

/**
 * Starts signing in: the tab leaves for the authorization page (`navigate`), unless stored tokens could be
 * refreshed or the sign-in fails before that (the failure is kept for the Tools view). The connection's challenge
 * (the scope its 401 named, or the wider scope a 403 asked for) goes with it, so the authorization server is asked
 * for what the server wants (architecture.md, "MCP sign-in").
 */
export async function startMcpSignIn(
  record: McpServerRecord,
  options: { clientId?: string } = {},
  navigate: (url: string) => void = (url) => window.location.assign(url),
  popup: { busy: () => boolean; host: () => PopupHost } = { busy: runInProgress, host: browserPopupHost },
): Promise<void> {
  patch(record.id, { busy: true, failure: null });
  try {
    const signIn = await mcpSignInFor(record.url);
    const state = useMcpStates.getState().states[record.id];
    const challenge = state?.status === 'needs-sign-in' ? state.challenge : undefined;
    const begun = await signIn.beginSignIn({
      ...(options.clientId !== undefined ? { clientId: options.clientId } : {}),
      ...(challenge !== undefined ? { challenge } : {}),
    });
    if (begun.status === 'redirect') {
      const state = begun.authorizationUrl.searchParams.get('state') ?? '';
      const pending: Pending = { serverId: record.id, serverUrl: record.url, state };
      sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
      if (!popup.busy()) {
        navigate(begun.authorizationUrl.href);
        return;
      }
      const opened = openSignInPopup(begun.authorizationUrl.href, popup.host(), (callbackUrl) => {
        void finishMcpSignIn(callbackUrl, (id) => getMcpServer(db, id));
      });
      patch(
        record.id,
        opened ? { busy: false } : { busy: false, failure: { kind: 'cancelled', message: POPUP_BLOCKED } },
      );
      return;
    }
    if (begun.status === 'failed') {
      patch(record.id, { busy: false, failure: begun.failure });
      return;
    }
    patch(record.id, { busy: false, status: { signedIn: true, issuer: begun.issuer } });
    await reconnectMcp(record);
  } catch (error) {
    patch(record.id, {
      busy: false,
      failure: { kind: 'protocol', message: error instanceof Error ? error.message : String(error) },
    });
  }
}

/** Forgets the server's tokens, closes its connection and connects again without them. */
export async function signOutMcp(record: McpServerRecord): Promise<void> {
  patch(record.id, { busy: true, failure: null });
  try {
    await (await mcpSignInFor(record.url)).signOut();
    patch(record.id, { status: { signedIn: false } });
    if (record.enabled) await reconnectMcp(record);
  } finally {
    patch(record.id, { busy: false });
  }
}

/**
 * Finishes a sign-in the tab came back from (`callbackUrl`, taken by takeSignInCallback before the address was
 * cleaned): the code is exchanged, the Tools view opens the server and it connects with its new token.
 */
export async function finishMcpSignIn(
  callbackUrl: string,
  getServer: (id: string) => Promise<McpServerRecord | undefined>,
): Promise<void> {
  const state = new URL(callbackUrl).searchParams.get('state');
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  const pending = parsePending(raw);
  if (pending === null || pending.state !== state) return;
  useMcpSignIn.setState({ focusServerId: pending.serverId });
  patch(pending.serverId, { busy: true, failure: null });
  try {
    const result = await (await mcpSignInFor(pending.serverUrl)).completeSignIn(callbackUrl);
    if (result.status === 'failed') {
      patch(pending.serverId, { busy: false, failure: result.failure });
      return;
    }
    patch(pending.serverId, { busy: false, status: { signedIn: true, issuer: result.issuer } });
    const record = await getServer(pending.serverId);
    if (record?.enabled === true) await reconnectMcp(record);
  } catch (error) {
    patch(pending.serverId, {
      busy: false,
      failure: { kind: 'protocol', message: error instanceof Error ? error.message : String(error) },
    });
  }
}

function parsePending(raw: string | null): Pending | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<Pending>;
    return typeof value.serverId === 'string' && typeof value.serverUrl === 'string' && typeof value.state === 'string'
      ? (value as Pending)
      : null;
  } catch {
    return null;
  }
}
