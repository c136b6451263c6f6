import { describeScope } from '../../domain/approval-scopes';
import type { McpServerRecord } from '../../domain/mcp-server';
import { scopeStanding, type ScopeStanding } from '../../mcp/approval-key';
import type { McpToolInfo } from '../../mcp/types';
import { liveMcpServers, useMcpStates } from '../../store/mcp/mcp-face';
import { revokeApprovalScope } from '../../store/settings/approval-scope-store';
import { useApprovalScopes } from '../data/settings/use-approval-scopes';

const STANDING_TEXT: Partial<Record<ScopeStanding, string>> = {
  changed: 'No longer applies (the tool changed)',
  'server-removed': 'No longer applies (the server was removed)',
  'not-connected': 'server not connected',
};

/**
 * The standing answers given in approval cards, each revocable: the next call of that tool asks again. An MCP
 * tool's answer is checked against the tool its server lists now; with the server not connected, it says so.
 */
export function ApprovalScopesSection({ servers }: { servers: readonly McpServerRecord[] | undefined }) {
  const scopes = useApprovalScopes();
  // Re-read on every connection change; the live tool lists are written to the server rows too, which re-renders.
  const states = useMcpStates((s) => s.states);
  const live = new Map(liveMcpServers());
  const known = new Map<string, readonly McpToolInfo[] | null>(
    (servers ?? []).map((r) => [r.id, states[r.id]?.status === 'connected' ? (live.get(r.id)?.tools ?? null) : null]),
  );
  return (
    <section className="approval-scopes" aria-labelledby="approval-scopes-heading">
      <h3 id="approval-scopes-heading">Approval answers</h3>
      {scopes === undefined ? null : scopes.length === 0 ? (
        <p className="hint">
          None. “Approve for this session”, “Always allow this tool”, “Always allow when…” and “Deny for this session”
          add one.
        </p>
      ) : (
        <ul aria-label="Approval answers">
          {scopes.map(({ scope, sessionTitle }) => {
            const text = describeScope(scope, sessionTitle);
            const standing = servers === undefined ? undefined : STANDING_TEXT[scopeStanding(scope, known)];
            return (
              <li
                key={`${scope.kind}\u0000${scope.kind === 'session' ? scope.sessionId : ''}\u0000${scope.tool}\u0000${JSON.stringify(scope.rule ?? null)}`}
              >
                {text}{' '}
                {standing !== undefined && (
                  <span className={standing.startsWith('No') ? 'verdict-bad' : 'hint'}>· {standing} </span>
                )}
                <button type="button" className="link" onClick={() => void revokeApprovalScope(scope)}>
                  Revoke<span className="visually-hidden"> {text}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
