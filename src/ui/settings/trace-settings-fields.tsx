import { useEffect, useId, useState } from 'react';
import { PRICE_TABLE, priceOf } from '../../domain/model-prices';
import { readTraceSettings, saveTraceSettings } from '../data/settings/collector-and-prices';
import { parsePriceLines, priceLines } from './price-lines';
import { parseHeaderLines } from '../mcp/servers/mcp-header-lines';

type Draft = { url: string; headers: string; autoPush: boolean; includeContent: boolean; prices: string };

/**
 * Saved by its own button: the collector's header values are secrets (stored apart, never exported), and the
 * section must not depend on the rest of the form being valid.
 */
export function TraceSettingsFields({ model: typedModel }: { model: string }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const model = typedModel.trim();
  useEffect(() => {
    void readTraceSettings().then(({ collector, prices }) =>
      setDraft({
        url: collector.url,
        headers: Object.entries(collector.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n'),
        autoPush: collector.autoPush,
        includeContent: collector.includeContent,
        prices: priceLines(prices),
      }),
    );
  }, []);
  if (!draft) return null;
  const typed = parsePriceLines(draft.prices);
  // The one place "not known" is said (architecture.md, "A calm chat"): the chat shows no cost rather than repeat it.
  const unpriced = model !== '' && typed.ok && priceOf(model, typed.prices) === null;
  const edit = (patch: Partial<Draft>) => {
    setDraft({ ...draft, ...patch });
    setStatus(null);
  };
  const save = async () => {
    const prices = parsePriceLines(draft.prices);
    if (!prices.ok) return setStatus({ error: true, text: prices.message });
    const headers = parseHeaderLines(draft.headers);
    if (!headers.ok) return setStatus({ error: true, text: headers.message });
    const url = draft.url.trim();
    if (url && !/^https?:\/\/[^/]/i.test(url))
      return setStatus({ error: true, text: 'The Collector URL must start with http:// or https://.' });
    await saveTraceSettings(
      { url, headers: headers.headers, autoPush: draft.autoPush, includeContent: draft.includeContent },
      prices.prices,
    );
    setStatus({ error: false, text: 'Trace settings applied.' });
  };
  return (
    <section aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Traces and cost</h3>
      <div className="field">
        <label htmlFor={`${id}-url`}>Collector URL</label>
        <input
          id={`${id}-url`}
          type="url"
          value={draft.url}
          placeholder="http://localhost:4318"
          onChange={(e) => edit({ url: e.target.value })}
        />
        <p className="hint">An OpenTelemetry (OTLP/HTTP) endpoint; /v1/traces is added unless the URL ends with it.</p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-headers`}>Collector headers</label>
        <textarea
          id={`${id}-headers`}
          rows={2}
          value={draft.headers}
          placeholder="Authorization: Basic …"
          onChange={(e) => edit({ headers: e.target.value })}
        />
        <p className="hint">One “Name: value” per line. Kept as secrets: sent only to the collector, never exported.</p>
      </div>
      <label>
        <input type="checkbox" checked={draft.autoPush} onChange={(e) => edit({ autoPush: e.target.checked })} />
        Send every finished run to the collector
      </label>
      <label>
        <input
          type="checkbox"
          checked={draft.includeContent}
          onChange={(e) => edit({ includeContent: e.target.checked })}
        />
        Include content in pushed traces
      </label>
      <div className="field">
        <label htmlFor={`${id}-prices`}>Token prices</label>
        <textarea
          id={`${id}-prices`}
          rows={2}
          value={draft.prices}
          placeholder="my-model: 1.5 0.5 6"
          onChange={(e) => edit({ prices: e.target.value })}
        />
        <p className="hint">
          Your own prices override the built-in table ({PRICE_TABLE.date}): one model per line, “model: input cached
          output” in US dollars per million tokens, “-” for no cached price, and a fourth number for a cache write where
          the provider charges one (Anthropic).
        </p>
        {unpriced && (
          <p className="hint">
            Cost not known: no price for “{model}”, so the chat shows its tokens without a cost. Add a line for it here
            to see costs.
          </p>
        )}
      </div>
      <button type="button" onClick={() => void save()}>
        Apply trace settings
      </button>
      {status && (
        <p role={status.error ? 'alert' : 'status'} className={status.error ? 'warning' : 'hint'}>
          {status.text}
        </p>
      )}
    </section>
  );
}
