import './branches.css';
import type { Siblings } from '../../domain/branches';
import { showBranch } from '../../store/session/branch-actions';

/**
 * The alternatives at this place ("‹ 2 / 3 ›", architecture.md, "Branches"). Shown at rest: it says where in the
 * conversation's tree this message is, not something to do.
 */
export function BranchNav({ sessionId, siblings, busy }: { sessionId: string; siblings: Siblings | undefined; busy: boolean }) {
  if (!siblings) return null;
  const step = (delta: number) => {
    const next = siblings.options[siblings.position + delta];
    if (next) void showBranch(sessionId, next.branchId);
  };
  return (
    <span className="branch-nav" role="group" aria-label="Branches here">
      <button type="button" className="quiet icon" aria-label="Previous branch" disabled={busy || siblings.position === 0} onClick={() => step(-1)}>‹</button>
      <span className="branch-counter">{siblings.position + 1} / {siblings.options.length}</span>
      <button type="button" className="quiet icon" aria-label="Next branch" disabled={busy || siblings.position >= siblings.options.length - 1} onClick={() => step(1)}>›</button>
    </span>
  );
}
