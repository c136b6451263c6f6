import { useEffect, useRef, useState } from 'react';
import type { ConnectionVerdict } from '../../llm/test-connection';

type Props = { apiKey: string; baseURL: string; model: string };

export function TestConnectionButton({ apiKey, baseURL, model }: Props) {
  const [verdict, setVerdict] = useState<ConnectionVerdict | null>(null);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = async () => {
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    setBusy(true);
    setVerdict(null);
    try {
      const { testConnection } = await import('../../llm/test-connection');
      setVerdict(await testConnection({ apiKey, baseURL, model, signal: ctrl.signal }));
    } catch {
      // Aborted: a newer check or closing the dialog replaced it.
    } finally {
      if (abort.current === ctrl) setBusy(false);
    }
  };

  return (
    <div className="field">
      <div className="field-row">
        <button type="button" onClick={() => void run()} disabled={busy || baseURL.trim() === ''}>
          Test connection
        </button>
        {busy && <span className="hint">Checking…</span>}
      </div>
      {verdict && (
        <p role="status" className={verdict.ok ? 'verdict-ok' : 'verdict-bad'}>
          {verdict.ok ? '✓ ' : '✗ '}
          {verdict.message}
        </p>
      )}
    </div>
  );
}
