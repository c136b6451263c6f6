import { useId } from 'react';
import {
  STREAM_TIMEOUT_FIELDS,
  checkSeconds,
  type StreamTimeoutField,
  type StreamTimeoutKey,
  type StreamTimeoutTexts,
} from './stream-timeouts';

type Props = {
  texts: StreamTimeoutTexts;
  onChange: (texts: StreamTimeoutTexts) => void;
  /** The form focuses a field when Save is refused for it. */
  inputRef: (key: StreamTimeoutKey, input: HTMLInputElement | null) => void;
};

/** The model request's first-byte and idle timeouts, in seconds, each checked as it is typed. */
export function StreamTimeoutFields({ texts, onChange, inputRef }: Props) {
  return STREAM_TIMEOUT_FIELDS.map((field) => (
    <SecondsField
      key={field.key}
      field={field}
      text={texts[field.key]}
      onChange={(text) => onChange({ ...texts, [field.key]: text })}
      inputRef={(input) => inputRef(field.key, input)}
    />
  ));
}

function SecondsField({
  field,
  text,
  onChange,
  inputRef,
}: {
  field: StreamTimeoutField;
  text: string;
  onChange: (text: string) => void;
  inputRef: (input: HTMLInputElement | null) => void;
}) {
  const id = useId();
  const errorId = useId();
  const check = checkSeconds(text, field);
  return (
    <div className="field">
      <label htmlFor={id}>{field.label}</label>
      {/* No min/max: the browser's own bubble would pre-empt the message below, which says what to type. */}
      <input
        id={id}
        ref={inputRef}
        type="number"
        inputMode="decimal"
        step="any"
        value={text}
        aria-invalid={!check.ok}
        aria-describedby={check.ok ? undefined : errorId}
        onChange={(e) => onChange(e.target.value)}
      />
      {!check.ok && (
        <span id={errorId} className="hint verdict-bad">
          {check.error}
        </span>
      )}
    </div>
  );
}
