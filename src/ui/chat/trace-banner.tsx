import { useState } from 'react';

/**
 * Over a trace's chat (architecture.md, "Trace inbox"): read-only, its runs on the Timeline. A trace opened from the
 * inbox offers "Keep a copy", which keeps it as a session of the Sessions list (its code loads on use).
 */
export function TraceBanner({ sessionId, opened }: { sessionId: string; opened: boolean }) {
  const [kept, setKept] = useState(false);
  if (!opened)
    return (
      <p className="chat-banner" role="note">
        Imported trace: read-only. Its runs are on the Timeline.
      </p>
    );
  return (
    <p className="chat-banner" role="note">
      A trace from the Traces view: read-only. Re-run a step to try it again; its runs are on the Timeline.{' '}
      <button
        type="button"
        disabled={kept}
        onClick={async () => {
          await (await import('../../store/traces/trace-inbox-actions')).keepTraceCopy(sessionId);
          setKept(true);
        }}
      >
        Keep a copy
      </button>
    </p>
  );
}
