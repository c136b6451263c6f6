import { Suspense, useMemo } from 'react';
import { preloadable } from '../shared/preloadable';
import { useCompareRequests, useStepAttempts } from '../data/wire/use-wire-exchanges';
import { choiceOf } from './compare-requests';

const { Component: RequestResponseDialog, preload: loadDialog } = preloadable(
  () => import('./request-response-dialog'),
);
// Fetched while the step's exchanges are read, not after (docs/wire-capture.md, "Reading it back").
void loadDialog().catch(() => undefined);

/** "Request and response" of a model step (its message's actions, its model turn's timeline details). */
export default function StepRequestResponse(p: { sessionId: string; messageId: string; onClose: () => void }) {
  const own = useStepAttempts(p.messageId);
  const read = useCompareRequests(p.sessionId, own?.map((e) => e.id) ?? null);
  // This session's requests first, then other sessions', each under its title (docs/wire-capture.md). Kept while the
  // read is the same, so the comparison shown is not worked out again on every render.
  const compareWith = useMemo(
    () => [
      ...(read?.others ?? []).map((e, i) => choiceOf(e, `Request ${i + 1}`, 'This session')),
      ...(read?.elsewhere ?? []).flatMap((s) =>
        s.requests.map((e) =>
          choiceOf(e, new Date(e.startedAt).toLocaleDateString('en-GB'), `Session: ${s.title || 'Untitled'}`),
        ),
      ),
    ],
    [read],
  );
  return (
    <Suspense fallback={null}>
      <RequestResponseDialog
        exchanges={own}
        compareWith={read === undefined ? undefined : compareWith}
        onClose={p.onClose}
      />
    </Suspense>
  );
}
