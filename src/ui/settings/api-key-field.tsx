import { useId, useState } from 'react';

type Props = {
  value: string;
  remember: boolean;
  onChange: (key: string) => void;
  onRememberChange: (remember: boolean) => void;
  onForget: () => void;
  /** Put the cursor here on open (there is no key yet: it is what the dialog is for). */
  autoFocus?: boolean;
};

export function ApiKeyField({ value, remember, onChange, onRememberChange, onForget, autoFocus = false }: Props) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>API key</label>
      <div className="field-row">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          value={value}
          autoComplete="off"
          spellCheck={false}
          placeholder="sk-…"
          autoFocus={autoFocus}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="button" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide key' : 'Show key'}
        </button>
        <button type="button" className="danger" onClick={onForget} disabled={value === ''}>
          Forget key
        </button>
      </div>
      <label className="field-row">
        <input type="checkbox" checked={remember} onChange={(e) => onRememberChange(e.target.checked)} />
        Remember on this device
      </label>
      <span className="hint">
        {remember
          ? 'The key is stored in this browser (IndexedDB) until you forget it.'
          : 'The key is kept in this tab only and is gone when you close it.'}{' '}
        It is sent only to the base URL below, never exported.
      </span>
    </div>
  );
}
