import { useId } from 'react';
import { RUN_KNOB_FIELDS, checkKnob, type RunKnobField, type RunKnobKey, type RunKnobTexts } from './run-knobs';

type Props = {
  texts: RunKnobTexts;
  onChange: (texts: RunKnobTexts) => void;
  /** The form focuses a field when Save is refused for it. */
  inputRef: (key: RunKnobKey, input: HTMLInputElement | null) => void;
};

/** Top P, retries, tool concurrency and the tool output limit, each checked as it is typed. */
export function RunKnobFields({ texts, onChange, inputRef }: Props) {
  return RUN_KNOB_FIELDS.map((field) => (
    <KnobField
      key={field.key}
      field={field}
      text={texts[field.key]}
      onChange={(text) => onChange({ ...texts, [field.key]: text })}
      inputRef={(input) => inputRef(field.key, input)}
    />
  ));
}

/** One number field checked as it is typed; the form refuses Save while it is wrong. */
export function KnobField({
  field,
  text,
  onChange,
  inputRef,
}: {
  field: Omit<RunKnobField, 'key'>;
  text: string;
  onChange: (text: string) => void;
  inputRef: (input: HTMLInputElement | null) => void;
}) {
  const id = useId();
  const errorId = useId();
  const check = checkKnob(text, field);
  return (
    <div className="field">
      <label htmlFor={id}>{field.label}</label>
      <input
        id={id}
        ref={inputRef}
        type="number"
        inputMode={field.integer ? 'numeric' : 'decimal'}
        step="any"
        placeholder={field.optional ? 'provider default' : undefined}
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
