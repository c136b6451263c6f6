import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { firstChatModel, modelToFill } from './first-chat-model';
import { useModels, waitsForKey } from './use-models';
import type { ApiFormat } from '../../domain/session';

type Props = { value: string; onChange: (m: string) => void; baseURL: string; apiKey: string; apiFormat: ApiFormat };

/** A free-text field is always there: listing fails on some endpoints, and any id the endpoint accepts is fine. */
export function ModelField({ value, onChange, baseURL, apiKey, apiFormat }: Props) {
  const id = useId();
  const models = useModels(baseURL, apiKey, apiFormat);
  const list = models.data ?? [];
  const first = firstChatModel(list);
  // A newcomer who picks a preset has a working model at once: the endpoint's first listed chat model (see
  // `modelToFill` for when the field is left alone).
  const pickedFrom = useRef<string[] | null>(null);
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const filled = useRef<string | null>(null);
  useEffect(() => {
    // The field as it is now, not as this render saw it: the person may have clicked into it or typed since it was
    // drawn, and a fill from a stale view would put the model in front of what they type.
    const el = input.current;
    const now = {
      value: el ? el.value : value,
      focused: focused || (el !== null && el.ownerDocument.activeElement === el),
    };
    const fill = modelToFill(now, first, pickedFrom.current === models.data);
    if (fill === undefined) return;
    pickedFrom.current = models.data ?? null;
    filled.current = fill;
    onChange(fill);
  }, [value, focused, first, models.data, onChange]);
  // A fill that lands while the cursor arrived in the field is selected, so the next keystroke replaces it.
  useLayoutEffect(() => {
    const el = input.current;
    if (filled.current === null || !el || el.value !== filled.current) return;
    filled.current = null;
    if (el.ownerDocument.activeElement === el) el.select();
  }, [value]);
  return (
    <div className="field">
      <label htmlFor={id}>Model</label>
      <div className="field-row">
        <input
          ref={input}
          id={id}
          type="text"
          value={value}
          spellCheck={false}
          placeholder="e.g. gpt-4o-mini"
          onChange={(e) => onChange(e.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
        {list.length > 0 && (
          <select
            aria-label="Available models"
            value={list.includes(value) ? value : ''}
            onChange={(e) => e.target.value && onChange(e.target.value)}
          >
            <option value="">Choose from {list.length} models…</option>
            {list.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        )}
        <button
          type="button"
          onClick={() => void models.refetch()}
          disabled={models.isFetching || waitsForKey(baseURL, apiKey)}
        >
          Refresh models
        </button>
      </div>
      {/* One line that is always there: the list loading, failing or waiting for a key changes its words, never the
          height of the form, so a button below does not move under a pointer on its way to it. */}
      <span className="hint model-status">
        {waitsForKey(baseURL, apiKey) ? (
          "Enter the API key to list this provider's models, or type a model name."
        ) : models.isFetching ? (
          'Loading models…'
        ) : models.isError ? (
          <span role="status">Could not list models ({models.error.message}). Type the model name instead.</span>
        ) : null}
      </span>
    </div>
  );
}
