import { useState } from 'react';
import { lazyExportJson } from './lazy-export';

/** One-click export of a session, offered where storage failed: the file carries what only memory holds. */
export function ExportSessionButton({ sessionId }: { sessionId: string }) {
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      setStatus(await lazyExportJson({ kind: 'session', sessionId }, false));
    } catch (err) {
      setStatus(`Export failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" disabled={busy} onClick={() => void onClick()}>
        Export this session
      </button>
      {status && <span role="status">{status}</span>}
    </>
  );
}
