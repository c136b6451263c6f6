import { useId } from 'react';
import { readThinking, type ThinkingKey, type ThinkingTexts } from './thinking-settings';

type Props = {
  format: 'anthropic' | 'gemini';
  texts: ThinkingTexts;
  onChange: (texts: ThinkingTexts) => void;
  /** The form focuses a field when Save is refused for it. */
  inputRef: (key: ThinkingKey, input: HTMLInputElement | null) => void;
};

/** What only Anthropic Messages and Gemini take: a thinking budget, max output tokens and (Anthropic) prompt caching. */
export function ThinkingFields({ format, texts, onChange, inputRef }: Props) {
  const read = readThinking(texts, format);
  const errorOf = (key: ThinkingKey) => (!read.ok && read.key === key ? read.error : null);
  return (
    <>
      <NumberField
        label="Thinking budget (tokens)"
        placeholder="no thinking"
        text={texts.thinkingBudget}
        error={errorOf('thinkingBudget')}
        onChange={(thinkingBudget) => onChange({ ...texts, thinkingBudget })}
        inputRef={(input) => inputRef('thinkingBudget', input)}
      />
      <NumberField
        label="Max output tokens"
        placeholder="default"
        text={texts.maxOutputTokens}
        error={errorOf('maxOutputTokens')}
        onChange={(maxOutputTokens) => onChange({ ...texts, maxOutputTokens })}
        inputRef={(input) => inputRef('maxOutputTokens', input)}
      />
      {format === 'anthropic' && (
        <label>
          <input
            type="checkbox"
            checked={texts.cachePrompt}
            onChange={(e) => onChange({ ...texts, cachePrompt: e.target.checked })}
          />
          Cache the prompt
        </label>
      )}
    </>
  );
}

type FieldProps = {
  label: string;
  placeholder: string;
  text: string;
  error: string | null;
  onChange: (text: string) => void;
  inputRef: (input: HTMLInputElement | null) => void;
};

function NumberField({ label, placeholder, text, error, onChange, inputRef }: FieldProps) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        type="number"
        inputMode="numeric"
        step={1}
        placeholder={placeholder}
        value={text}
        aria-invalid={error !== null}
        aria-describedby={error === null ? undefined : errorId}
        onChange={(e) => onChange(e.target.value)}
      />
      {error !== null && (
        <span id={errorId} className="hint verdict-bad">
          {error}
        </span>
      )}
    </div>
  );
}
