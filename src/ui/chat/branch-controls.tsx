import type { Siblings } from '../../domain/branches';
import { showBranch } from '../../store/session/branch-actions';
import { BranchSwitcher } from './branch-switcher';

/**
 * The alternatives at this place ("‹ 2 / 3 ›", architecture.md, "Branches"). Shown at rest: it says where in the
 * conversation's tree this message is, not something to do. Switching shows (and continues) the other branch.
 */
export function BranchNav({
  sessionId,
  siblings,
  busy,
}: {
  sessionId: string;
  siblings: Siblings | undefined;
  busy: boolean;
}) {
  return (
    <BranchSwitcher siblings={siblings} disabled={busy} onShow={(branchId) => void showBranch(sessionId, branchId)} />
  );
}
