import type { PendingApproval } from '../../store/run/run-store';
import { prettyArgs } from './pretty-args';
import { primaryClass, usePrimaryClaim } from '../shared/primary-action';

/**
 * The repeated-call guard's pause (architecture.md, "Repeated-call guard"): the run called this tool with these
 * arguments `repeat` times. "Continue" runs it; "Stop run" stops the run, which answers the call as cancelled.
 */
export default function RepeatCard({ approval }: { approval: PendingApproval & { repeat: number } }) {
  const primary = usePrimaryClaim();
  return (
    <div className="approval-card" role="group" aria-label={`Repeated call: ${approval.name}`}>
      <p>
        The run called <strong>{approval.name}</strong> with the same arguments {approval.repeat} times. It may be stuck
        in a loop.
      </p>
      <pre>{prettyArgs(approval.arguments, false)}</pre>
      <div className="alert-actions">
        <button
          type="button"
          className={primaryClass(primary)}
          onClick={() => approval.resolve({ decision: 'approve' })}
        >
          Continue
        </button>
        <button type="button" onClick={() => approval.stopRun?.()}>
          Stop run
        </button>
      </div>
    </div>
  );
}
