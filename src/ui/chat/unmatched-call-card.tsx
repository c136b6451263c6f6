import { useState, type FormEvent } from 'react';
import type { UnmatchedCall } from '../../store/run/unmatched-calls';

/**
 * A re-run's call that matches no recorded call (architecture.md, "Re-run from here"): run it live (approval rules
 * apply), answer it by hand, or stop the run.
 */
export function UnmatchedCallCard({ call }: { call: UnmatchedCall }) {
  const [byHand, setByHand] = useState<string | null>(null);
  const send = (e?: FormEvent) => {
    e?.preventDefault();
    if (byHand === null) return setByHand('');
    call.answer({ kind: 'by_hand', content: byHand });
  };
  return (
    <div className="approval-card" role="group" aria-label={`No recorded result for ${call.name}`}>
      <p>No recorded result for {call.name} with these arguments.</p>
      {byHand !== null && (
        <form onSubmit={send}>
          <label>
            Tool result
            <input type="text" autoFocus value={byHand} onChange={(e) => setByHand(e.target.value)} />
          </label>
        </form>
      )}
      <div className="approval-buttons">
        <button type="button" onClick={() => call.answer({ kind: 'live' })}>
          Run it live
        </button>
        <button type="button" onClick={() => send()}>
          Answer by hand
        </button>
        <button type="button" onClick={() => call.answer({ kind: 'stop' })}>
          Stop
        </button>
      </div>
    </div>
  );
}
