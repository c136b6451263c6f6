import { useEffect, useState } from 'react';
import type { McpServerRecord } from '../../../domain/mcp-server';
import {
  useMcpStates,
  refreshMcpSignInStatus,
  signOutMcp,
  startMcpSignIn,
  useMcpSignIn,
} from '../../../store/mcp/mcp-face';

/**
 * Sign in / Sign out for one MCP server (OAuth in the whole tab; architecture.md, "MCP sign-in"). Shown when the
 * server asked for sign-in, when a sign-in is stored, or when the last one failed; the client-id field appears only
 * when the authorization server lets no app register itself.
 */
export function McpSignInControls({ server }: { server: McpServerRecord }) {
  const connection = useMcpStates((s) => s.states[server.id]);
  const status = useMcpSignIn((s) => s.status[server.id]);
  const busy = useMcpSignIn((s) => s.busy[server.id] === true);
  const failure = useMcpSignIn((s) => s.failures[server.id]);
  const [clientId, setClientId] = useState('');

  useEffect(() => {
    void refreshMcpSignInStatus(server).catch(() => undefined);
  }, [server, connection?.status]);

  const needsSignIn = connection?.status === 'needs-sign-in' && connection.httpStatus === 401;
  // The server takes the token but wants more scope (403 insufficient_scope): signing in again asks for it.
  const moreAccess = connection?.status === 'needs-sign-in' && connection.challenge?.kind === 'more-access';
  if (status?.signedIn !== true && !needsSignIn && !moreAccess && failure === undefined) return null;
  const label = server.name || server.url;
  const askClientId = failure?.kind === 'needs-client-id';

  return (
    <div className="mcp-sign-in" role="group" aria-label={`Sign-in for ${label}`}>
      {status?.signedIn === true && (
        <p className="hint">Signed in{status.issuer !== undefined ? ` at ${status.issuer}` : ''}.</p>
      )}
      {failure !== undefined && (
        <p role="alert" className="tool-field-errors">
          {failure.message}
        </p>
      )}
      {askClientId && (
        <label className="field">
          Client ID
          <input
            type="text"
            value={clientId}
            onChange={(e) => setClientId(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </label>
      )}
      <div className="field-row">
        {status?.signedIn === true ? (
          <>
            {moreAccess && (
              <button type="button" disabled={busy} onClick={() => void startMcpSignIn(server)}>
                Sign in again
              </button>
            )}
            <button type="button" disabled={busy} onClick={() => void signOutMcp(server)}>
              Sign out
            </button>
          </>
        ) : (
          <button
            type="button"
            disabled={busy || (askClientId && clientId.trim() === '')}
            onClick={() => void startMcpSignIn(server, askClientId ? { clientId } : {})}
          >
            Sign in
          </button>
        )}
        {busy && <span className="hint">Signing in…</span>}
      </div>
    </div>
  );
}
