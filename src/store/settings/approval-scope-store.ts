import { db } from '../../db/database';
import { getSetting, setSetting } from '../../db/settings-repo';
import {
  APPROVAL_SCOPES_KEY,
  isApprovalScopes,
  scopeAnswerText,
  scopeDecision,
  withoutScope,
  withScope,
  type ApprovalKey,
  type ApprovalScope,
} from '../../domain/approval-scopes';

/**
 * Approval scopes kept in the settings table, read afresh at each approval request so a scope given or revoked in
 * another tab counts at once. A read that fails asks the person (no scope), never approves.
 */
async function readApprovalScopes(): Promise<ApprovalScope[]> {
  try {
    return await getSetting(db, APPROVAL_SCOPES_KEY, isApprovalScopes, []);
  } catch {
    return [];
  }
}

export async function scopedDecision(
  sessionId: string,
  tool: ApprovalKey,
  args: string,
): Promise<{ decision: 'approve' | 'deny'; by: string } | null> {
  const d = scopeDecision(await readApprovalScopes(), sessionId, tool, args);
  return d === null ? null : { decision: d.decision, by: scopeAnswerText(d.scope) };
}

/** Read-modify-write in one transaction, so two tabs adding scopes at once keep both. */
async function updateScopes(change: (scopes: ApprovalScope[]) => ApprovalScope[]): Promise<void> {
  await db.transaction('rw', db.settings, async () => {
    const scopes = await getSetting(db, APPROVAL_SCOPES_KEY, isApprovalScopes, []);
    await setSetting(db, APPROVAL_SCOPES_KEY, change(scopes));
  });
}

export const addApprovalScope = (scope: ApprovalScope) => updateScopes((s) => withScope(s, scope));
export const revokeApprovalScope = (scope: ApprovalScope) => updateScopes((s) => withoutScope(s, scope));
