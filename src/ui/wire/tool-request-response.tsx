import { Suspense, useState } from 'react';
import { preloadable } from '../shared/preloadable';
import { useToolCallExchanges } from '../data/wire/use-tool-call-exchanges';

const { Component: RequestResponseDialog, preload } = preloadable(() => import('./request-response-dialog'));
const preloadDialog = () => void preload().catch(() => undefined);

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
      <button
        type="button"
        className="link"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
      >
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
