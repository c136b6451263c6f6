import type { CallModel } from './model';

/**
 * Who let a call run, for the call's details: the standing answer or rule that settled it, the person, or nobody
 * because the tool asks for no approval (architecture.md, "Approvals").
 */
export function approvalText(call: Pick<CallModel, 'approval'>): string {
  const a = call.approval;
  if (a === null) return 'no approval needed';
  if (a.decision === null) return 'waiting for an answer';
  return `${a.decision} by ${a.by ?? 'you'}`;
}
