import { useState } from 'react';
import type { McpPromptInfo } from '../../../mcp/types';
import { primaryClass, usePrimaryClaim } from '../../shared/primary-action';

/**
 * A prompt's arguments as text fields, one per argument (the server describes them by name, description and
 * whether required). Used by the Tools view and by the Message box's `/` list.
 */
export function PromptArgsForm({
  prompt,
  serverLabel,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  prompt: McpPromptInfo;
  serverLabel: string;
  submitLabel: string;
  onSubmit: (args: Record<string, string>) => Promise<void>;
  onCancel: () => void;
}) {
  const primary = usePrimaryClaim();
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const missing = prompt.arguments.filter((a) => a.required && (values[a.name] ?? '').trim() === '');

  async function submit() {
    if (missing.length > 0 || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const args = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
      await onSubmit(args);
    } catch (error) {
      setProblem(
        `${serverLabel} could not fill ${prompt.name}: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    // A group with the form role rather than a <form>: it may sit inside the Message box's own form.
    <div
      role="form"
      className="mcp-prompt-form"
      aria-label={`Arguments of ${prompt.name}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onCancel();
        }
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
          e.preventDefault();
          e.stopPropagation();
          void submit();
        }
      }}
    >
      {prompt.description !== undefined && <p className="hint">{prompt.description}</p>}
      {prompt.arguments.map((a, i) => (
        <label key={a.name} className="field">
          {a.name}
          {a.required ? ' (required)' : ''}
          <input
            type="text"
            autoFocus={i === 0}
            value={values[a.name] ?? ''}
            placeholder={a.description}
            onChange={(e) => setValues((v) => ({ ...v, [a.name]: e.target.value }))}
          />
        </label>
      ))}
      {problem !== null && (
        <p role="alert" className="tool-field-errors">
          {problem}
        </p>
      )}
      <div className="field-row">
        <button
          type="button"
          className={primaryClass(primary)}
          disabled={missing.length > 0 || busy}
          onClick={() => void submit()}
        >
          {submitLabel}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
