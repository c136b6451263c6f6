import { useId, type Ref } from 'react';
import { isModelBaseURL } from './use-models';

export type Preset = { label: string; baseURL: string };

type Props = {
  value: string;
  onChange: (url: string) => void;
  presets: Preset[];
  /** Null when the URL is a known provider or a local address; otherwise the host the key would go to. */
  unknownHost: string | null;
  /** The form focuses the field when Save is refused for it. */
  inputRef?: Ref<HTMLInputElement>;
};

export function BaseUrlField({ value, onChange, presets, unknownHost, inputRef }: Props) {
  const id = useId();
  const hintId = useId();
  const invalid = !isModelBaseURL(value);
  const current = presets.find((p) => p.baseURL === value.trim());
  return (
    <div className="field">
      <label htmlFor={id}>Base URL</label>
      <div className="field-row">
        <input
          id={id}
          ref={inputRef}
          type="text"
          inputMode="url"
          spellCheck={false}
          value={value}
          aria-invalid={invalid}
          aria-describedby={invalid ? hintId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <select
          aria-label="Provider preset"
          value={current?.baseURL ?? ''}
          onChange={(e) => e.target.value && onChange(e.target.value)}
        >
          <option value="">Presets…</option>
          {presets.map((p) => (
            <option key={p.baseURL} value={p.baseURL}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      {invalid && (
        <span id={hintId} className="hint verdict-bad">
          {value.trim() === ''
            ? 'Enter the base URL of an OpenAI-compatible API, or pick a preset.'
            : 'Enter a full URL starting with http:// or https://.'}
        </span>
      )}
      {unknownHost && (
        <p className="warning" role="note">
          {unknownHost} is not a provider Toolscope knows. Your API key will be sent to {unknownHost} with every request
          — use it only if you trust that host.
        </p>
      )}
    </div>
  );
}
