import { useEffect, useId, useRef } from 'react';
import type { OpenAIExportPlan } from './export-actions';

type Props = { plan: OpenAIExportPlan; onClose: (status: string | null) => void };

/**
 * Before an OpenAI-messages file is saved: what Chat Completions cannot carry and the file therefore leaves out
 * (reasoning items, provider-run tools, sources). "Save anyway" writes it; "Cancel" or Esc writes nothing.
 */
export function OpenAIExportNotice({ plan, onClose }: Props) {
  const id = useId();
  const save = useRef<HTMLButtonElement>(null);
  useEffect(() => save.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="io-menu io-align-left openai-export-notice"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose(null);
        }
      }}
    >
      <strong id={`${id}-title`}>Export as OpenAI messages</strong>
      <p id={`${id}-text`}>{plan.dropped}</p>
      <div className="dialog-actions">
        <button type="button" onClick={() => onClose(null)}>
          Cancel
        </button>
        <button type="button" ref={save} className="primary" onClick={() => onClose(plan.save())}>
          Save anyway
        </button>
      </div>
    </div>
  );
}
