import { useMemo, useState, type FormEvent } from 'react';
import type { McpPrompt } from '../../../store/mcp/mcp-face';
import { elicitAnswer, elicitFields, initialValues, type ElicitField, type ElicitFormValues } from './elicit-fields';

/**
 * A form an MCP server asked the person to fill, built from its schema. The server's message is shown as text.
 * Accept sends the answers; Decline says no; Cancel dismisses without an answer.
 */
export function McpElicitForm({ prompt }: { prompt: Extract<McpPrompt, { kind: 'form' }> }) {
  const { request } = prompt;
  const fields = useMemo(() => elicitFields(request.requestedSchema), [request]);
  const [values, setValues] = useState<ElicitFormValues>(() => initialValues(fields));
  const [problem, setProblem] = useState<string | null>(null);
  const server = request.serverName ?? new URL(request.serverUrl).host;
  const set = (key: string, value: string | boolean | string[]) => setValues((v) => ({ ...v, [key]: value }));

  function accept(event: FormEvent) {
    event.preventDefault();
    const answer = elicitAnswer(fields, values);
    if (!answer.ok) return setProblem(answer.message);
    prompt.answer({ action: 'accept', content: answer.content });
  }

  return (
    <form className="approval-card mcp-elicit" aria-label={`${server} asks for input`} onSubmit={accept}>
      <p>
        <strong>{server}</strong> asks: <span className="mcp-elicit-message">{request.message}</span>
      </p>
      {fields.map((f) => (
        <FieldInput key={f.key} field={f} value={values[f.key]} onChange={(v) => set(f.key, v)} />
      ))}
      {problem !== null && (
        <p role="alert" className="tool-field-errors">
          {problem}
        </p>
      )}
      <div className="field-row">
        <button type="submit">Accept</button>
        <button type="button" onClick={() => prompt.answer({ action: 'decline' })}>
          Decline
        </button>
        <button type="button" onClick={() => prompt.answer({ action: 'cancel' })}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function FieldInput({
  field,
  value,
  onChange,
}: {
  field: ElicitField;
  value: string | boolean | string[] | undefined;
  onChange: (v: string | boolean | string[]) => void;
}) {
  const hint = field.description !== undefined ? <span className="hint">{field.description}</span> : null;
  switch (field.kind) {
    case 'boolean':
      return (
        <label className="field-row">
          <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          {field.label}
          {hint}
        </label>
      );
    case 'multi': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className="field">
          <legend>{field.label}</legend>
          {hint}
          {field.options.map((o) => (
            <label key={o.value} className="field-row">
              <input
                type="checkbox"
                checked={chosen.includes(o.value)}
                onChange={(e) =>
                  onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value))
                }
              />
              {o.label}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'choice':
      return (
        <label className="field">
          {field.label}
          <select
            value={typeof value === 'string' ? value : ''}
            required={field.required}
            onChange={(e) => onChange(e.target.value)}
          >
            {!field.required && <option value="">(none)</option>}
            {field.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {hint}
        </label>
      );
    case 'number':
    case 'text':
      return (
        <label className="field">
          {field.label}
          <input
            type={field.kind === 'number' ? 'text' : field.inputType}
            inputMode={field.kind === 'number' ? 'decimal' : undefined}
            value={typeof value === 'string' ? value : ''}
            aria-required={field.required}
            onChange={(e) => onChange(e.target.value)}
          />
          {hint}
        </label>
      );
  }
}
