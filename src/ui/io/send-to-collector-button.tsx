import { useCollectorStatus } from '../../store/settings/collector-status';
import { useUiStore } from '../../store/ui-store';
import { useCollectorSet } from '../data/settings/use-collector-set';
import './io.css';

/** "Send to collector" (shown once a Collector URL is set): pushes the open session's runs to the OTLP/HTTP collector set in Settings; says how it went. */
export function SendToCollectorButton() {
  const sessionId = useUiStore((s) => s.currentSessionId);
  const status = useCollectorStatus((s) => (sessionId ? s.bySession[sessionId] : undefined));
  const clear = useCollectorStatus((s) => s.set);
  const collectorSet = useCollectorSet();
  const send = () => {
    if (!sessionId) return;
    // The trace and push code load on first use (architecture.md, "Traces").
    void import('../../store/trace-push').then((m) => m.sendToCollector(sessionId));
  };
  if (!collectorSet) return null;
  return (
    <div className="io-menu-wrap">
      <button type="button" className="io-button" disabled={!sessionId || status?.kind === 'sending'} onClick={send}>
        Send to collector
      </button>
      {sessionId && status && status.kind !== 'sending' && (
        <p
          role={status.kind === 'failed' ? 'alert' : 'status'}
          className={`io-status io-align-left ${status.kind === 'failed' ? 'warning' : 'hint'}`}
        >
          {status.text}
          <button
            type="button"
            className="io-status-dismiss"
            aria-label="Dismiss"
            onClick={() => clear(sessionId, null)}
          >
            ×
          </button>
        </p>
      )}
    </div>
  );
}
