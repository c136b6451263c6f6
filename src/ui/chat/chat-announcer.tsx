import { useEffect, useState } from 'react';
import { useRunStore } from '../../store/run/run-store';
import { approvalAnnouncement, runEndAnnouncement } from './announcements';

/**
 * The chat's one visually hidden polite live region, outside the message list: the end of a run, an approval
 * request, a stop. It speaks on changes this tab sees happen, not on what a reload finds already stored.
 */
export function ChatAnnouncer({ sessionId }: { sessionId: string }) {
  const [said, setSaid] = useState('');
  useEffect(
    () =>
      useRunStore.subscribe((next, prev) => {
        const run = next.runs[sessionId];
        const before = prev.runs[sessionId];
        if (run && run.ended && (!before || !before.ended || before.runId !== run.runId)) {
          setSaid(runEndAnnouncement(run.stopReason, run.appended));
          return;
        }
        for (const approval of Object.values(next.approvals)) {
          if (approval.sessionId === sessionId && !prev.approvals[approval.callId])
            setSaid(
              approval.repeat !== undefined
                ? `${approval.name} was called with the same arguments ${approval.repeat} times. Continue or stop the run below.`
                : approvalAnnouncement(approval.name, approval.arguments),
            );
        }
      }),
    [sessionId],
  );
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {said}
    </div>
  );
}
