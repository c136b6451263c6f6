import { useEffect, useRef, useState } from 'react';
import { compactSession } from '../../store/context/compact-session';

type Status =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'done'; text: string }
  | { kind: 'failed'; text: string };

/** Manual compaction: older turns become one summary in requests; the originals stay in the chat, collapsed. */
export function CompactNowButton({ sessionId, disabled }: { sessionId: string; disabled: boolean }) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setStatus({ kind: 'working' });
    const r = await compactSession(sessionId, controller.signal);
    if (controller.signal.aborted) return;
    setStatus(
      r.ok
        ? {
            kind: 'done',
            text:
              `Summarised ${r.summarized} earlier messages: about ${r.tokensBefore.toLocaleString('en-US')} ` +
              `→ ${r.tokensAfter.toLocaleString('en-US')} tokens.`,
          }
        : { kind: 'failed', text: r.message },
    );
  };
  return (
    <span className="compact-now">
      <button type="button" onClick={() => void run()} disabled={disabled || status.kind === 'working'}>
        {status.kind === 'working' ? 'Compacting…' : 'Compact now'}
      </button>
      {status.kind === 'done' && (
        <span role="status" className="hint">
          {status.text}
        </span>
      )}
      {status.kind === 'failed' && (
        <span role="alert" className="hint">
          {status.text}
        </span>
      )}
    </span>
  );
}
