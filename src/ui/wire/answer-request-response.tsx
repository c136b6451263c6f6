import { Suspense, useMemo, useState } from 'react';
import type { WireExchange } from '../../domain/wire-exchange';
import { useAnswerCompareRequests, useAnswerExchanges } from '../data/wire/use-comparison-exchanges';
import { preloadable } from '../shared/preloadable';
import { choiceOf } from './compare-requests';

const { Component: RequestResponseDialog, preload } = preloadable(() => import('./request-response-dialog'));
const preloadDialog = () => void preload().catch(() => undefined);

type Props = { sessionId: string; comparisonId: string; index: number; messageId: string };

function AnswerDialog(p: Props & { exchanges: readonly WireExchange[]; onClose: () => void }) {
  const read = useAnswerCompareRequests(p.sessionId, p.comparisonId, p.index, p.messageId);
  const choices = useMemo(
    () =>
      read === undefined
        ? undefined
        : [
            ...read.original.map((e) => choiceOf(e, 'The step', 'The original step')),
            ...read.answers.map((e) => choiceOf(e, 'Tried', 'This comparison')),
          ],
    [read],
  );
  return <RequestResponseDialog exchanges={p.exchanges} compareWith={choices} onClose={p.onClose} />;
}

/**
 * "Request and response" of one answer of "Try on other models" (docs/wire-capture.md): shown once the answer's
 * request is stored; "Compare requests" offers the step's own request and the other models' (what changed is `model`,
 * and what the target's format leaves out).
 */
export default function AnswerRequestResponse(p: Props) {
  const exchanges = useAnswerExchanges(p.sessionId, p.comparisonId, p.index);
  const [open, setOpen] = useState(false);
  if (exchanges === undefined || exchanges.length === 0) return null;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} onPointerEnter={preloadDialog} onFocus={preloadDialog}>
        Request and response
      </button>
      {open && (
        <Suspense fallback={null}>
          <AnswerDialog {...p} exchanges={exchanges} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
