import { useEffect, useRef, useState } from 'react';
import type { ConnectionVerdict } from '../../llm/test-connection';
import { isDemoBaseURL } from '../../llm/known-providers';
import { testTypedEndpoint } from '../../store/settings/endpoint-door';
import { isHttpUrl, waitsForKey } from './use-models';
import type { ApiFormat } from '../../domain/session';
import { API_FORMAT_LABELS } from './api-select';

/** What can be said without asking the endpoint; null when only a request can tell. */
export function localVerdict(baseURL: string, apiKey: string): string | null {
  if (!isHttpUrl(baseURL))
    return 'The base URL must be a full address starting with http:// or https://, for example https://api.openai.com/v1.';
  if (waitsForKey(baseURL, apiKey))
    return 'Enter your API key first: this provider answers only requests that carry one.';
  return null;
}

type Props = {
  apiKey: string;
  baseURL: string;
  model: string /** The API the form has chosen, to warn when the endpoint lacks it. */;
  apiFormat?: ApiFormat;
};

export function TestConnectionButton({ apiKey, baseURL, model, apiFormat }: Props) {
  const [verdict, setVerdict] = useState<ConnectionVerdict | null>(null);
  const [busy, setBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const [local, setLocal] = useState<string | null>(null);
  // The probe asks only about the two OpenAI APIs (llm/api-probe.ts); Anthropic and Gemini are checked by their lists.
  const probed = apiFormat === 'chat' || apiFormat === 'responses' ? apiFormat : null;

  const run = async () => {
    abort.current?.abort();
    setLocal(null);
    if (isDemoBaseURL(baseURL)) {
      setVerdict({
        ok: true,
        models: [],
        message: 'The demo model runs in this page: there is nothing to connect to, and it needs no key.',
      });
      return;
    }
    const said = localVerdict(baseURL, apiKey);
    if (said) {
      setVerdict(null);
      setLocal(said);
      return;
    }
    const ctrl = new AbortController();
    abort.current = ctrl;
    setBusy(true);
    setVerdict(null);
    try {
      setVerdict(
        await testTypedEndpoint({ apiKey, baseURL, model, signal: ctrl.signal, ...(apiFormat ? { apiFormat } : {}) }),
      );
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
      {local && (
        <p role="status" className="verdict-bad">
          ✗ {local}
        </p>
      )}
      {verdict && (
        <p role="status" className={verdict.ok ? 'verdict-ok' : 'verdict-bad'}>
          {verdict.ok ? '✓ ' : '✗ '}
          {verdict.message}
        </p>
      )}
      {verdict && probed && verdict.apis?.[probed] === 'no' && (
        <p role="alert" className="verdict-bad">
          The API chosen below ({API_FORMAT_LABELS[probed]}) is not served at this base URL: choose{' '}
          {API_FORMAT_LABELS[probed === 'chat' ? 'responses' : 'chat']} or another endpoint.
        </p>
      )}
    </div>
  );
}
