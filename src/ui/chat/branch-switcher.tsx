import './branches.css';
import type { Siblings } from '../../domain/branches';

/**
 * The alternatives at a message ("‹ 2 / 3 ›", architecture.md, "Branches"): the chat's branch counter and the shared
 * view's, one piece. It only says which branch to show; the chat stores the choice, the shared view keeps it in the
 * view (nothing of a shared session is stored).
 */
export function BranchSwitcher({
  siblings,
  disabled,
  onShow,
}: {
  siblings: Siblings | undefined;
  disabled: boolean;
  onShow: (branchId: string) => void;
}) {
  if (!siblings) return null;
  const step = (delta: number) => {
    const next = siblings.options[siblings.position + delta];
    if (next) onShow(next.branchId);
  };
  return (
    <span className="branch-nav" role="group" aria-label="Branches here">
      <button
        type="button"
        className="quiet icon"
        aria-label="Previous branch"
        disabled={disabled || siblings.position === 0}
        onClick={() => step(-1)}
      >
        ‹
      </button>
      <span className="branch-counter">
        {siblings.position + 1} / {siblings.options.length}
      </span>
      <button
        type="button"
        className="quiet icon"
        aria-label="Next branch"
        disabled={disabled || siblings.position >= siblings.options.length - 1}
        onClick={() => step(1)}
      >
        ›
      </button>
    </span>
  );
}
