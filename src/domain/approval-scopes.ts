/**
 * Approval scopes: standing answers a person gave to a tool's approval request, so later calls need not ask.
 * "For this session" answers hold in one session; "always" holds everywhere. They are the person's, kept on this
 * device only (never in an export file): an imported tool always arrives asking (architecture.md, "Approvals").
 */
export type ApprovalScope =
  | { kind: 'session'; sessionId: string; tool: string; decision: 'approve' | 'deny'; at: number }
  | { kind: 'always'; tool: string; decision: 'approve'; at: number };

export type ScopedDecision = { decision: 'approve' | 'deny'; scope: ApprovalScope };

/** The settings key the scopes are stored under. */
export const APPROVAL_SCOPES_KEY = 'approvalScopes';

/** A session's own answer wins over "always" (a deny for this session stops an always-allowed tool here). */
export function scopeDecision(scopes: readonly ApprovalScope[], sessionId: string, tool: string): ScopedDecision | null {
  const own = scopes.find((s) => s.kind === 'session' && s.sessionId === sessionId && s.tool === tool);
  if (own) return { decision: own.decision, scope: own };
  const always = scopes.find((s) => s.kind === 'always' && s.tool === tool);
  return always ? { decision: always.decision, scope: always } : null;
}

const sameTarget = (a: ApprovalScope, b: ApprovalScope) =>
  a.kind === b.kind && a.tool === b.tool && (a.kind === 'always' || (b.kind === 'session' && a.sessionId === b.sessionId));

/** Adds a scope, replacing one for the same tool and place (a later answer replaces the earlier). */
export function withScope(scopes: readonly ApprovalScope[], scope: ApprovalScope): ApprovalScope[] {
  return [...scopes.filter((s) => !sameTarget(s, scope)), scope];
}

export function withoutScope(scopes: readonly ApprovalScope[], scope: ApprovalScope): ApprovalScope[] {
  return scopes.filter((s) => !sameTarget(s, scope));
}

/** What a scope says, for the Tools view and the timeline. */
export function describeScope(scope: ApprovalScope, sessionTitle?: string): string {
  if (scope.kind === 'always') return `${scope.tool}: always allowed`;
  const where = sessionTitle ? `in “${sessionTitle}”` : 'in one session';
  return `${scope.tool}: ${scope.decision === 'approve' ? 'approved' : 'denied'} ${where}`;
}

/** Stored values of the wrong shape (an older or damaged record) count as no scopes rather than failing a run. */
export function isApprovalScopes(v: unknown): v is ApprovalScope[] {
  return Array.isArray(v) && v.every((s: unknown) => {
    if (typeof s !== 'object' || s === null) return false;
    const r = s as Record<string, unknown>;
    if (typeof r.tool !== 'string' || typeof r.at !== 'number') return false;
    if (r.kind === 'always') return r.decision === 'approve';
    return r.kind === 'session' && typeof r.sessionId === 'string' && (r.decision === 'approve' || r.decision === 'deny');
  });
}
