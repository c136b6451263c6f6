import { useId } from 'react';
import { isHttpUrl } from './use-models';

export type Preset = { label: string; baseURL: string };

type Props = {
  value: string;
  onChange: (url: string) => void;
  presets: Preset[];
  /** Null when the URL is a known provider or a local address; otherwise the host the key would go to. */
  unknownHost: string | null;
};

export function BaseUrlField({ value, onChange, presets, unknownHost }: Props) {
  const id = useId();
  const current = presets.find((p) => p.baseURL === value.trim());
  return (
    <div className="field">
      <label htmlFor={id}>Base URL</label>
      <div className="field-row">
        <input id={id} type="text" inputMode="url" spellCheck={false} value={value} onChange={(e) => onChange(e.target.value)} />
        <select aria-label="Provider preset" value={current?.baseURL ?? ''} onChange={(e) => e.target.value && onChange(e.target.value)}>
          <option value="">Presets…</option>
          {presets.map((p) => (
            <option key={p.baseURL} value={p.baseURL}>{p.label}</option>
          ))}
        </select>
      </div>
      {value.trim() !== '' && !isHttpUrl(value) && <span className="hint verdict-bad">Enter a full URL starting with http:// or https://.</span>}
      {unknownHost && (
        <p className="warning" role="note">
          {unknownHost} is not a provider Toolscope knows. Your API key will be sent to {unknownHost} with every request — use it only if you trust that host.
        </p>
      )}
    </div>
  );
}
