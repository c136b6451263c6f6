/**
 * Approval scopes: standing answers a person gave to a tool's approval request, so later calls need not ask.
 * "For this session" answers hold in one session; "always" holds everywhere. They are the person's, kept on this
 * device only (never in an export file): an imported tool always arrives asking (architecture.md, "Approvals").
 * An approving scope may carry a rule on the arguments; an MCP tool's scope is keyed by server and tool and holds
 * only while the tool's schema and annotations are the ones it was given for.
 */
import { describeRule, isArgRule, ruleMatches, sameRule, type ArgRule } from './approval-rules';

/**
 * What a scope is kept under: `tool` is the tool's name, or `mcp:<server>/<tool>` for an MCP tool (its name for the
 * model may change with other servers); `version` changes whenever the MCP tool's schema or annotations do.
 */
export type ApprovalKey = { tool: string; version?: string };

type ScopeBase = {
  tool: string;
  /** The name the person saw, when `tool` is a key rather than the name. */
  label?: string;
  version?: string;
  rule?: ArgRule;
  at: number;
};

export type ApprovalScope =
  | (ScopeBase & { kind: 'session'; sessionId: string; decision: 'approve' | 'deny' })
  | (ScopeBase & { kind: 'always'; decision: 'approve' });

type ScopedDecision = { decision: 'approve' | 'deny'; scope: ApprovalScope };

/** The settings key the scopes are stored under. */
export const APPROVAL_SCOPES_KEY = 'approvalScopes';

const keyOf = (key: ApprovalKey | string): ApprovalKey => (typeof key === 'string' ? { tool: key } : key);

/** Whether a scope speaks for a call of this tool (same key and version) with these arguments. */
function applies(s: ApprovalScope, key: ApprovalKey, args: string): boolean {
  return (
    s.tool === key.tool &&
    (s.version ?? null) === (key.version ?? null) &&
    (s.rule === undefined || ruleMatches(s.rule, args))
  );
}

/**
 * A session's own answer wins over "always" (a deny for this session stops an always-allowed tool here); within
 * the session a deny wins over an approval. Arguments are the call's JSON text; a rule that does not match them
 * leaves the call to the next scope, or to the person.
 */
export function scopeDecision(
  scopes: readonly ApprovalScope[],
  sessionId: string,
  tool: ApprovalKey | string,
  args = '{}',
): ScopedDecision | null {
  const key = keyOf(tool);
  const own = scopes.filter((s) => s.kind === 'session' && s.sessionId === sessionId && applies(s, key, args));
  const pick = own.find((s) => s.decision === 'deny') ?? own[0];
  if (pick) return { decision: pick.decision, scope: pick };
  const always = scopes.find((s) => s.kind === 'always' && applies(s, key, args));
  return always ? { decision: always.decision, scope: always } : null;
}

/** Same place, tool and rule: a later answer replaces the earlier one, whatever version it was given for. */
const sameTarget = (a: ApprovalScope, b: ApprovalScope) =>
  a.kind === b.kind &&
  a.tool === b.tool &&
  sameRule(a.rule, b.rule) &&
  (a.kind === 'always' || (b.kind === 'session' && a.sessionId === b.sessionId));

/** Adds a scope, replacing one for the same tool, place and rule. */
export function withScope(scopes: readonly ApprovalScope[], scope: ApprovalScope): ApprovalScope[] {
  return [...scopes.filter((s) => !sameTarget(s, scope)), scope];
}

export function withoutScope(scopes: readonly ApprovalScope[], scope: ApprovalScope): ApprovalScope[] {
  return scopes.filter((s) => !sameTarget(s, scope));
}

/** What a scope says, for the Tools view and the timeline. */
export function describeScope(scope: ApprovalScope, sessionTitle?: string): string {
  const name = scope.label ?? scope.tool;
  const rule = scope.rule ? ` ${describeRule(scope.rule)}` : '';
  if (scope.kind === 'always') return `${name}: always allowed${rule}`;
  const where = sessionTitle ? `in “${sessionTitle}”` : 'in one session';
  return `${name}: ${scope.decision === 'approve' ? 'approved' : 'denied'} ${where}${rule}`;
}

/** Who answered a call settled by a scope, as the timeline says it. */
export function scopeAnswerText(scope: ApprovalScope): string {
  return `${scope.rule ? 'rule' : 'standing answer'} “${describeScope(scope)}”`;
}

const optionalString = (v: unknown) => v === undefined || typeof v === 'string';

/** Stored values of the wrong shape (an older or damaged record) count as no scopes rather than failing a run. */
export function isApprovalScopes(v: unknown): v is ApprovalScope[] {
  return (
    Array.isArray(v) &&
    v.every((s: unknown) => {
      if (typeof s !== 'object' || s === null) return false;
      const r = s as Record<string, unknown>;
      if (typeof r.tool !== 'string' || typeof r.at !== 'number') return false;
      if (!optionalString(r.label) || !optionalString(r.version) || (r.rule !== undefined && !isArgRule(r.rule)))
        return false;
      if (r.kind === 'always') return r.decision === 'approve';
      return (
        r.kind === 'session' && typeof r.sessionId === 'string' && (r.decision === 'approve' || r.decision === 'deny')
      );
    })
  );
}
