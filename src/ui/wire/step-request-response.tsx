import { lazy, Suspense } from 'react';
import { requestBodyValue } from '../../compare/json-diff';
import { isRecord } from '../../domain/is-record';
import type { WireExchange } from '../../domain/wire-exchange';
import { useStepExchanges } from '../data/wire/use-wire-exchanges';
import type { CompareChoice } from './compare-requests';

const RequestResponseDialog = lazy(() => import('./request-response-dialog'));

/** "Request and response" of a model step (its message's actions, its model turn's timeline details). */
export default function StepRequestResponse(p: { sessionId: string; messageId: string; onClose: () => void }) {
  const read = useStepExchanges(p.sessionId, p.messageId);
  if (read === undefined) return null;
  return (
    <Suspense fallback={null}>
      <RequestResponseDialog exchanges={read.own} compareWith={read.others.map(choiceOf)} onClose={p.onClose} />
    </Suspense>
  );
}

/** Another model request, named by its model and when it went out (a re-run, another model tried on the step). */
function choiceOf(e: WireExchange, index: number): CompareChoice {
  const body = requestBodyValue(e.request.body);
  const model = isRecord(body) && typeof body.model === 'string' ? body.model : new URL(e.request.url).pathname;
  const at = new Date(e.startedAt).toLocaleTimeString('en-GB');
  return { id: e.id, label: `Request ${index + 1}: ${model} at ${at}`, request: e.request };
}
