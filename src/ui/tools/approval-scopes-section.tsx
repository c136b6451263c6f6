import { describeScope } from '../../domain/approval-scopes';
import { revokeApprovalScope } from '../../store/approval-scope-store';
import { useApprovalScopes } from '../data/use-approval-scopes';

/** The standing answers given in approval cards, each revocable: the next call of that tool asks again. */
export function ApprovalScopesSection() {
  const scopes = useApprovalScopes();
  return (
    <section className="approval-scopes" aria-labelledby="approval-scopes-heading">
      <h3 id="approval-scopes-heading">Approval answers</h3>
      {scopes === undefined ? null : scopes.length === 0 ? (
        <p className="hint">None. “Approve for this session”, “Always allow this tool”, “Always allow when…” and “Deny for this session” add one.</p>
      ) : (
        <ul aria-label="Approval answers">
          {scopes.map(({ scope, sessionTitle }) => {
            const text = describeScope(scope, sessionTitle);
            return (
              <li key={`${scope.kind}\u0000${scope.kind === 'session' ? scope.sessionId : ''}\u0000${scope.tool}\u0000${JSON.stringify(scope.rule ?? null)}`}>
                {text}{' '}
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
