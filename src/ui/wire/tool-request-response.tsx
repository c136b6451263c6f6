import { lazy, Suspense, useState } from 'react';
import { useToolCallExchanges } from '../data/wire/use-tool-call-exchanges';

const RequestResponseDialog = lazy(() => import('./request-response-dialog'));

/**
 * "Request and response" of a tool call (its chat card, its timeline details): shown once the call's HTTP exchanges
 * are stored, so a call that sent nothing over HTTP (a code tool, a built-in) has no button.
 */
export default function ToolRequestResponse(p: { sessionId: string; callId: string }) {
  const exchanges = useToolCallExchanges(p.sessionId, p.callId);
  const [open, setOpen] = useState(false);
  if (exchanges === undefined || exchanges.length === 0) return null;
  return (
    <>
      <button type="button" className="link" onClick={() => setOpen(true)}>
        Request and response
      </button>
      {open && (
        <Suspense fallback={null}>
          <RequestResponseDialog exchanges={exchanges} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
